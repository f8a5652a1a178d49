import type { ReactNode } from "react";
import { Icon, type IconName } from "./icon";

/** Styles shared by the pages (component classes in app.css). */
export const linkClass = "link";
export const mutedText = "text-muted";

/** The page's h1 with its introduction. */
export function PageHeader({ title, intro }: { title: ReactNode; intro?: ReactNode }) {
  return (
    <header className="space-y-3">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {intro && <p className={`max-w-3xl text-lg ${mutedText}`}>{intro}</p>}
    </header>
  );
}

/**
 * What a list or area shows while it has nothing in it: an icon, a short explanation and
 * something useful to do instead.
 */
export function EmptyState({
  icon,
  title,
  children,
  actions,
  headingLevel = 2,
}: {
  icon: IconName;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** 1 where the state is the whole page (the door scanner without a link). */
  headingLevel?: 1 | 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-neutral-300 bg-white px-6 py-10 text-center dark:border-neutral-700 dark:bg-neutral-900">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-300">
        <Icon name={icon} className="size-6" />
      </span>
      <Heading className="text-lg font-semibold">{title}</Heading>
      {children && <div className={`max-w-xl space-y-2 ${mutedText}`}>{children}</div>}
      {actions && <div className="mt-2 flex flex-wrap justify-center gap-3">{actions}</div>}
    </div>
  );
}

/** A list of what something offers, each item with a check mark. */
export function CheckList({ items, className = "" }: { items: ReactNode[]; className?: string }) {
  return (
    <ul className={`space-y-3 ${className}`}>
      {items.map((item, index) => (
        // The items are fixed texts in a fixed order.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={index} className="flex gap-2">
          <Icon name="check" className="mt-0.5 size-5 shrink-0 text-accent" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

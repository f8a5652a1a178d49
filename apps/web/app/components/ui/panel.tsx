import type { ReactNode } from "react";
import { Icon, type IconName } from "../icon";

/** The colours of a message box: an error, a confirmation, or a plain notice. */
export const toneClass = {
  danger:
    "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
  success:
    "border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100",
  neutral:
    "border-neutral-300 bg-neutral-100 text-neutral-900 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100",
} as const;
export type Tone = keyof typeof toneClass;

/**
 * A coloured box with an icon and a heading: what a page says about itself (a cancelled event,
 * filters the API turned down). `role="alert"` when it reports a problem with what was asked.
 */
export function Panel({
  tone,
  icon,
  title,
  headingLevel = 2,
  role,
  children,
}: {
  tone: Tone;
  icon: IconName;
  title: ReactNode;
  headingLevel?: 2 | 3;
  role?: "alert" | "status";
  children: ReactNode;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div role={role} className={`flex gap-3 rounded-xl border p-5 ${toneClass[tone]}`}>
      <Icon name={icon} className="mt-0.5 size-6 shrink-0" />
      <div className="space-y-2">
        <Heading className="text-lg font-semibold">{title}</Heading>
        {children}
      </div>
    </div>
  );
}

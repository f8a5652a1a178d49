import type { ReactNode } from "react";

/** The tones of a badge, each a class in app.css (`badge-<tone>`). */
const badgeTone = {
  positive: "badge-positive",
  neutral: "badge-neutral",
  primary: "badge-primary",
  solidDanger: "badge-solid-danger",
  solidMuted: "badge-solid-muted",
  solidStrong: "badge-solid-strong",
  solidPrimary: "badge-solid-primary",
} as const;
export type BadgeTone = keyof typeof badgeTone;

/** A short status in a pill (on sale, sold out, cancelled). */
export function Badge({
  tone,
  size = "md",
  className = "",
  children,
}: {
  tone: BadgeTone;
  size?: "sm" | "md";
  /** Placement only (e.g. over a cover). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={`badge ${size === "sm" ? "badge-sm " : ""}${badgeTone[tone]}${className ? ` ${className}` : ""}`}
    >
      {children}
    </span>
  );
}

import type { ReactNode } from "react";
import type { RootData } from "../root";

// Replaced by toasts, overlays, loading bar, maintenance and build freshness (helper).
export function ShellBehaviour({ children }: { data: RootData; children: ReactNode }) {
  return <>{children}</>;
}

import type { PageKey } from "../../route-table";

/** The account area's screens in the order of its sub-navigation, with their navigation label. */
export const accountScreens = [
  { key: "account", label: "dashboard" },
  { key: "account-tickets", label: "tickets" },
  { key: "account-profile", label: "profile" },
  { key: "account-addresses", label: "addresses" },
  { key: "account-privacy", label: "privacy" },
  /** Door links and the scan log: approved organisers only, until the organiser panel has them. */
  { key: "account-door", label: "door", organiser: true },
] as const satisfies readonly { key: PageKey; label: string; organiser?: boolean }[];
export type AccountScreen = (typeof accountScreens)[number]["key"];

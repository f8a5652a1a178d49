import type { Locale, User } from "@eventwerk/contract";
import { createContext } from "react-router";
import type { PageKey } from "./route-table";

/** What the root middleware learns about a request; loaders and actions read it from here. */
export type RequestState = {
  locale: Locale;
  /** The visitor's access token, or null when logged out. */
  token: string | null;
  user: User | null;
  /** The visitor's address chain, passed on to the API so that its per-IP limits count visitors. */
  forwardedFor: string | null;
  /** Set-Cookie values the response must carry (refreshed tokens, language, logout). */
  setCookies: string[];
  /** The route table's page of the path, or null (matched once, by the middleware). */
  page: PageKey | null;
};

export const requestState = createContext<RequestState>();

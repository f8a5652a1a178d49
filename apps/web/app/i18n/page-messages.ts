import { fillPath, type Locale } from "@eventwerk/contract";
import { resources } from "../route-table";
import type { Messages } from "./types";

/**
 * A page's messages travel apart from its HTML: the page names them with a preload link
 * (`messagesPath`), the browser loads them once per page, language and build (cached for good:
 * the build's id is in the path) before it hydrates (entry.client.tsx) and before a client
 * navigation renders another page (root.tsx's `clientMiddleware`). In the HTML they were a fifth of
 * the event page, encoded again on every request.
 */
const known = new Map<string, Messages>();

const { path } = resources.pageMessages;
/** The part of every messages path before its parameters (`/i18n/`). */
export const pageMessagesPrefix = path.slice(0, path.indexOf(":"));

/** Where the messages of a page (its key, or "none" for a path without a page) are served. */
export const messagesPath = (locale: Locale, page: string) =>
  fillPath(path, { build: __BUILD_ID__, locale, page });

/** The server keeps what it renders with; the browser what it has loaded. */
export function rememberMessages(path: string, messages: Messages): void {
  known.set(path, messages);
}

export function messagesAt(path: string): Messages {
  const messages = known.get(path);
  if (!messages) throw new Error(`The messages at ${path} were not loaded`);
  return messages;
}

/**
 * Loads a page's messages once. A 404 (no messages for that language) is warned of as "Could not
 * find messages for locale code", any failure logged as "Failed locale loading"; the error stays
 * the caller's.
 */
export async function loadMessages(path: string): Promise<void> {
  if (known.has(path)) return;
  try {
    const response = await fetch(path);
    if (response.status === 404) console.warn("Could not find messages for locale code", path);
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    known.set(path, (await response.json()) as Messages);
  } catch (error) {
    console.error("Failed locale loading", error);
    throw error;
  }
}

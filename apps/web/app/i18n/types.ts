import type { Locale } from "@eventwerk/contract";
import type common from "./messages/de/common.json";
import type errors from "./messages/de/errors.json";
import type language from "./messages/de/language.json";
import type login from "./messages/de/login.json";
import type meta from "./messages/de/meta.json";
import type nav from "./messages/de/nav.json";
import type shell from "./messages/de/shell.json";

/**
 * The German catalogue's shape is the type of every catalogue: a key used in code that German
 * lacks fails the type check, and a test checks that English has exactly the same keys.
 */
export type Messages = {
  common: typeof common;
  errors: typeof errors;
  language: typeof language;
  login: typeof login;
  meta: typeof meta;
  nav: typeof nav;
  shell: typeof shell;
};

declare module "use-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}

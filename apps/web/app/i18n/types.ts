import type { Locale } from "@eventwerk/contract";
import type account from "./messages/de/account.json";
import type buy from "./messages/de/buy.json";
import type catalogue from "./messages/de/catalogue.json";
import type categories from "./messages/de/categories.json";
import type checkout from "./messages/de/checkout.json";
import type cities from "./messages/de/cities.json";
import type cms from "./messages/de/cms.json";
import type common from "./messages/de/common.json";
import type confirmEmail from "./messages/de/confirmEmail.json";
import type contact from "./messages/de/contact.json";
import type door from "./messages/de/door.json";
import type doorLinks from "./messages/de/doorLinks.json";
import type errors from "./messages/de/errors.json";
import type event from "./messages/de/event.json";
import type events from "./messages/de/events.json";
import type forms from "./messages/de/forms.json";
import type home from "./messages/de/home.json";
import type language from "./messages/de/language.json";
import type login from "./messages/de/login.json";
import type meta from "./messages/de/meta.json";
import type nav from "./messages/de/nav.json";
import type organiserRegister from "./messages/de/organiserRegister.json";
import type panel from "./messages/de/panel.json";
import type qr from "./messages/de/qr.json";
import type register from "./messages/de/register.json";
import type resetPassword from "./messages/de/resetPassword.json";
import type search from "./messages/de/search.json";
import type shell from "./messages/de/shell.json";
import type test from "./messages/de/test.json";
import type theme from "./messages/de/theme.json";
import type ticketStatus from "./messages/de/ticketStatus.json";
import type visitorRegister from "./messages/de/visitorRegister.json";

/**
 * The German catalogue's shape is the type of every catalogue: a key used in code that German
 * lacks fails the type check, and a test checks that English has exactly the same keys.
 */
export type Messages = {
  account: typeof account;
  buy: typeof buy;
  categories: typeof categories;
  cities: typeof cities;
  cms: typeof cms;
  catalogue: typeof catalogue;
  checkout: typeof checkout;
  common: typeof common;
  contact: typeof contact;
  door: typeof door;
  doorLinks: typeof doorLinks;
  errors: typeof errors;
  event: typeof event;
  events: typeof events;
  forms: typeof forms;
  home: typeof home;
  language: typeof language;
  login: typeof login;
  meta: typeof meta;
  nav: typeof nav;
  organiserRegister: typeof organiserRegister;
  panel: typeof panel;
  qr: typeof qr;
  register: typeof register;
  resetPassword: typeof resetPassword;
  search: typeof search;
  shell: typeof shell;
  test: typeof test;
  theme: typeof theme;
  ticketStatus: typeof ticketStatus;
  visitorRegister: typeof visitorRegister;
  confirmEmail: typeof confirmEmail;
};

declare module "use-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}

/** Every path of the REST API, relative to the configured base URL. */
export const apiPrefix = "/api/v1";

export const apiPaths = {
  token: `${apiPrefix}/token`,
  logout: `${apiPrefix}/auth/logout`,
  getUser: `${apiPrefix}/getUser`,
  updateUser: `${apiPrefix}/updateUser`,
  profile: `${apiPrefix}/auth/profile`,
  password: `${apiPrefix}/auth/password`,
  address: `${apiPrefix}/auth/address`,
  email: `${apiPrefix}/auth/email`,
  emailVerification: `${apiPrefix}/auth/email/verification`,
  emailConfirm: `${apiPrefix}/email/confirm`,
  tickets: `${apiPrefix}/auth/tickets`,
  accountExport: `${apiPrefix}/auth/export`,
  account: `${apiPrefix}/auth/account`,
  register: `${apiPrefix}/register`,
  registerOrganiser: `${apiPrefix}/register/organiser`,
  passwordForgot: `${apiPrefix}/password/forgot`,
  passwordReset: `${apiPrefix}/password/reset`,
  passwordResetCheck: `${apiPrefix}/password/reset/check`,
  contact: `${apiPrefix}/contact`,
  countries: `${apiPrefix}/general/country`,
  cities: `${apiPrefix}/general/city`,
  districts: `${apiPrefix}/general/district`,
  countrySingle: `${apiPrefix}/general/country-single`,
  citySingle: `${apiPrefix}/general/city-single`,
  districtSingle: `${apiPrefix}/general/district-single`,
  langs: `${apiPrefix}/general/langs`,
  pages: `${apiPrefix}/page`,
  page: `${apiPrefix}/page/:id`,
  companyCategories: `${apiPrefix}/company-category`,
  country: `${apiPrefix}/country`,
  currency: `${apiPrefix}/getCurrency`,
  lang: `${apiPrefix}/getLang`,
  contactSetting: `${apiPrefix}/getContactSetting`,
  getCity: `${apiPrefix}/getCity`,
  getDistrict: `${apiPrefix}/getDistrict/:id`,
  openapi: `${apiPrefix}/openapi.json`,
  events: `${apiPrefix}/events`,
  event: `${apiPrefix}/events/:id`,
  eventCalendar: `${apiPrefix}/events/:id/calendar.ics`,
  eventCategories: `${apiPrefix}/event-categories`,
  eventCities: `${apiPrefix}/event-cities`,
  sitemapEvents: `${apiPrefix}/sitemap/events`,
  search: `${apiPrefix}/search`,
  searchSuggestions: `${apiPrefix}/search/suggestions`,
} as const;

/** Fills `:name` placeholders of an API path. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([a-zA-Z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter '${name}' for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Pages of the web front end that the API links to in emails. */
export const webPagePaths = {
  resetPassword: { de: "/passwort-zurucksetzen", en: "/en/reset-password" },
  confirmEmail: { de: "/e-mail-bestaetigen", en: "/en/confirm-email" },
  login: { de: "/login", en: "/en/login" },
} as const;

import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  type AccountExport,
  apiPaths,
  type EventDetail,
  fillPath,
  type Locale,
  localeHeader,
  type PanelEventSummary,
  panelPaths,
  type TicketList,
  type TicketRecord,
} from "@eventwerk/contract";
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import accountDe from "../app/i18n/messages/de/account.json" with { type: "json" };
import confirmEmailDe from "../app/i18n/messages/de/confirmEmail.json" with { type: "json" };
import formsDe from "../app/i18n/messages/de/forms.json" with { type: "json" };
import loginDe from "../app/i18n/messages/de/login.json" with { type: "json" };
import navDe from "../app/i18n/messages/de/nav.json" with { type: "json" };
import organiserRegisterDe from "../app/i18n/messages/de/organiserRegister.json" with {
  type: "json",
};
import resetPasswordDe from "../app/i18n/messages/de/resetPassword.json" with { type: "json" };
import visitorRegisterDe from "../app/i18n/messages/de/visitorRegister.json" with { type: "json" };
import accountEn from "../app/i18n/messages/en/account.json" with { type: "json" };
import confirmEmailEn from "../app/i18n/messages/en/confirmEmail.json" with { type: "json" };
import formsEn from "../app/i18n/messages/en/forms.json" with { type: "json" };
import loginEn from "../app/i18n/messages/en/login.json" with { type: "json" };
import navEn from "../app/i18n/messages/en/nav.json" with { type: "json" };
import organiserRegisterEn from "../app/i18n/messages/en/organiserRegister.json" with {
  type: "json",
};
import resetPasswordEn from "../app/i18n/messages/en/resetPassword.json" with { type: "json" };
import visitorRegisterEn from "../app/i18n/messages/en/visitorRegister.json" with { type: "json" };
import { type DashboardSummary, summariseTickets } from "../app/lib/dashboard-summary";
import { pathTo, resources } from "../app/route-table";
import {
  accessToken,
  accountLink,
  buyTicket,
  cookieJar,
  fill,
  germanBrowser,
  locales,
  loginAs,
  mailsTo,
  newestMailTo,
  organiser,
  pageProblems,
  plural,
  submitLogin,
  test,
  uniqueEmail,
  visitor,
  waitForHydration,
} from "./support";

test.use(germanBrowser);

const texts = {
  de: {
    account: accountDe,
    confirmEmail: confirmEmailDe,
    forms: formsDe,
    login: loginDe,
    nav: navDe,
    organiserRegister: organiserRegisterDe,
    resetPassword: resetPasswordDe,
    visitorRegister: visitorRegisterDe,
  },
  en: {
    account: accountEn,
    confirmEmail: confirmEmailEn,
    forms: formsEn,
    login: loginEn,
    nav: navEn,
    organiserRegister: organiserRegisterEn,
    resetPassword: resetPasswordEn,
    visitorRegister: visitorRegisterEn,
  },
} as const;

/** The API's own answers (apps/api/src/lib/messages.ts), which the pages show as they come. */
const apiTexts = {
  de: {
    emailTaken: "Für diese E-Mail-Adresse gibt es bereits ein Konto.",
    registrationReceived:
      "Fast geschafft: Wir haben Ihnen eine E-Mail geschickt. Bitte bestätigen Sie Ihre Adresse über den Link darin; anmelden können Sie sich schon jetzt.",
    emailVerified: "Ihre E-Mail-Adresse ist bestätigt.",
    emailTokenInvalid:
      "Dieser Bestätigungslink ist ungültig. Vielleicht fehlt ein Teil davon, oder ein neuerer Link hat ihn ersetzt.",
    emailTokenUsed: "Dieser Bestätigungslink wurde bereits verwendet.",
    emailChanged: "Ihre E-Mail-Adresse wurde geändert. Andere Sitzungen wurden abgemeldet.",
    verifySubject: "Bitte bestätigen Sie Ihre E-Mail-Adresse – Eventwerk",
    changeSubject: "Bitte bestätigen Sie Ihre neue E-Mail-Adresse – Eventwerk",
    changeNoticeSubject: "Änderung Ihrer E-Mail-Adresse angefordert – Eventwerk",
    validationFailed: "Die Eingaben sind ungültig. Bitte prüfen Sie die markierten Felder.",
    passwordRule:
      "Das Passwort braucht mindestens 8 Zeichen, davon mindestens einen Buchstaben und eine Ziffer.",
    fieldRequired: "Bitte füllen Sie dieses Feld aus.",
    resetRequested:
      "Wenn es ein Konto mit dieser E-Mail-Adresse gibt, haben wir einen Link zum Zurücksetzen geschickt.",
    resetDone: "Ihr Passwort wurde geändert. Sie können sich jetzt anmelden.",
    resetSubject: "Passwort zurücksetzen – Eventwerk",
    wrongPassword: "Das aktuelle Passwort ist falsch.",
    wrongCredentials: "Benutzername oder Passwort ist falsch.",
  },
  en: {
    emailTaken: "An account with this email address already exists.",
    registrationReceived:
      "Almost done: we have sent you an email. Please confirm your address with the link in it; you can log in already.",
    emailVerified: "Your email address is confirmed.",
    emailTokenInvalid:
      "This confirmation link is not valid. Part of it may be missing, or a newer link has replaced it.",
    emailTokenUsed: "This confirmation link has already been used.",
    emailChanged: "Your email address has been changed. Other sessions have been signed out.",
    verifySubject: "Please confirm your email address – Eventwerk",
    changeSubject: "Please confirm your new email address – Eventwerk",
    changeNoticeSubject: "Change of your email address requested – Eventwerk",
    validationFailed: "The input is invalid. Please check the marked fields.",
    passwordRule:
      "The password needs at least 8 characters, including at least one letter and one digit.",
    fieldRequired: "Please fill in this field.",
    resetRequested: "If an account with this email address exists, we have sent a reset link.",
    resetDone: "Your password has been changed. You can log in now.",
    resetSubject: "Reset your password – Eventwerk",
    wrongPassword: "The current password is wrong.",
    wrongCredentials: "Username or password is wrong.",
  },
} as const satisfies Record<Locale, Record<string, string>>;

/** Seed places and company categories by language (apps/api/src/seed/data). */
const places = {
  de: {
    country: "Deutschland",
    city: "Hamburg",
    district: "Altona",
    otherCity: "München",
    berlin: "Berlin",
    mitte: "Mitte",
    category: "Konzertveranstalter",
  },
  en: {
    country: "Germany",
    city: "Hamburg",
    district: "Altona",
    otherCity: "Munich",
    berlin: "Berlin",
    mitte: "Mitte",
    category: "Concert promoter",
  },
} as const;

// --- Messages -------------------------------------------------------------------------------

/** A rich-text message (`<link>…</link>`) as the page shows it: the text without the tags. */
const plain = (message: string) => message.replace(/<\/?\w+>/g, "");

/** An ICU `{value, select, a {…} other {…}}` inside a message, for one value. */
function select(message: string, value: string): string {
  return message.replace(/\{\w+, select, ((?:\w+ \{[^{}]*\}\s*)+)\}/, (_, list: string) => {
    const branches = new Map(
      [...list.matchAll(/(\w+) \{([^{}]*)\}/g)].map((match) => [match[1]!, match[2]!] as const),
    );
    return branches.get(value) ?? branches.get("other") ?? "";
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Text as a locator shows it: runs of white space (NBSP in currencies too) as one space. */
const normaliseSpace = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();

// --- People -----------------------------------------------------------------------------------

type Person = { name: string; surname: string; email: string; password: string };

const newPerson = (label: string, locale: Locale): Person => ({
  name: locale === "de" ? "Jürgen" : "Harriet",
  surname: locale === "de" ? "Weiß-Özdemir" : "O'Connor",
  email: uniqueEmail(`${label}-${locale}`),
  password: "sicher-passwort-1",
});

/** A fresh visitor registered through the API (for tests about what comes after registering). */
async function registerThroughApi(
  request: APIRequestContext,
  label: string,
  locale: Locale,
): Promise<Person> {
  const person = newPerson(label, locale);
  const response = await request.post(apiPaths.register, {
    headers: { [localeHeader]: locale },
    data: { ...person, accept_terms: true, preferred_locale: locale },
  });
  expect(response.status(), await response.text()).toBe(201);
  return person;
}

/** Registers someone through the API, asks for a reset link and answers the link's path. */
async function freshResetLink(request: APIRequestContext, locale: Locale): Promise<string> {
  const person = await registerThroughApi(request, "reset-link", locale);
  const response = await request.post(apiPaths.passwordForgot, {
    headers: { [localeHeader]: locale },
    data: { email: person.email },
  });
  expect(response.status(), await response.text()).toBe(200);
  const resetLink = `${pathTo("reset-password", locale)}?token=`;
  const mail = await newestMailTo(person.email, 1, (sent) => sent.text.includes(resetLink));
  return linkPathIn(mail.text);
}

type AccountScreen =
  | "account"
  | "account-tickets"
  | "account-profile"
  | "account-addresses"
  | "account-privacy";

/** Opens a screen of the account: the signedIn middleware asks for the login first and comes back. */
async function openAccount(
  page: Page,
  locale: Locale,
  person: { email: string; password: string },
  screen: AccountScreen = "account",
) {
  await page.goto(pathTo(screen, locale));
  await expect(page).toHaveURL((url) => url.pathname === pathTo("login", locale));
  await submitLogin(page, locale, person);
  await expect(page).toHaveURL((url) => url.pathname === pathTo(screen, locale));
}

const greeting = (page: Page, locale: Locale, name: string) =>
  page.getByRole("heading", { level: 1, name: fill(texts[locale].account.greeting, { name }) });

/** Fills the visitor registration form (values left undefined stay as they are) and submits it. */
async function submitVisitorForm(page: Page, locale: Locale, person: Partial<Person>) {
  const tf = texts[locale].forms;
  const form = page.locator("main form");
  if (person.name !== undefined) await form.getByLabel(tf.name, { exact: true }).fill(person.name);
  if (person.surname !== undefined)
    await form.getByLabel(tf.surname, { exact: true }).fill(person.surname);
  if (person.email !== undefined)
    await form.getByLabel(tf.email, { exact: true }).fill(person.email);
  if (person.password !== undefined)
    await form.getByLabel(tf.password, { exact: true }).fill(person.password);
  await form.getByRole("checkbox", { name: plain(tf.acceptTerms) }).check();
  await form
    .getByRole("button", { name: texts[locale].visitorRegister.submit, exact: true })
    .click();
}

/** The path (with its `?token=`) of the link in a mail. */
const linkPathIn = (text: string) => {
  const link = new URL(/https?:\/\/\S+[?&]token=\S+/.exec(text)?.[0] ?? "missing link");
  return `${link.pathname}${link.search}`;
};

/** The page after a registration the API took: the same for a new and a known address. */
async function expectRegistrationSent(page: Page, locale: Locale, heading: string) {
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expect(page.locator("main").getByRole("status")).toHaveText(
    apiTexts[locale].registrationReceived,
  );
}

/** Opens an emailed address link and confirms it with the page's button. */
async function followEmailLink(page: Page, locale: Locale, mailText: string) {
  await page.goto(linkPathIn(mailText));
  await page.getByRole("button", { name: texts[locale].confirmEmail.submit, exact: true }).click();
}

async function logoutFromHeader(page: Page, locale: Locale) {
  await page
    .getByRole("banner")
    .getByRole("button", { name: texts[locale].nav.logout, exact: true })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === pathTo("home", locale));
  await expect(accountLink(page, locale)).toHaveCount(0);
}

/** Submits the login form with credentials that must be refused. */
async function expectLoginRefused(page: Page, locale: Locale, credentials: Person) {
  await page.goto(pathTo("login", locale));
  await submitLogin(page, locale, credentials);
  await expect(page.locator("main").getByRole("alert")).toHaveText(
    apiTexts[locale].wrongCredentials,
  );
  await expect(page).toHaveURL((url) => url.pathname === pathTo("login", locale));
}

/** A browser without JavaScript: the forms post to their route's action like plain HTML. */
const withoutJavaScript = (browser: Browser, baseURL: string | undefined) =>
  browser.newContext({ ...germanBrowser, baseURL, javaScriptEnabled: false });

// --- 1. Visitor registration ---------------------------------------------------------------

for (const locale of locales) {
  test.describe(`visitor registration (${locale})`, () => {
    const t = texts[locale];
    const api = apiTexts[locale];

    test("registers through the form, confirms the address by the mailed link, logs in", async ({
      page,
      context,
    }) => {
      // Registration, the mailed link, two logins and the account's screens: a long way.
      test.slow();
      const person = newPerson("register", locale);
      await page.goto(pathTo("visitor-register", locale));
      await expect(
        page.getByRole("heading", { level: 1, name: t.visitorRegister.heading }),
      ).toBeVisible();
      await submitVisitorForm(page, locale, person);
      await expectRegistrationSent(page, locale, t.visitorRegister.doneHeading);

      // Signed in but not yet confirmed: the profile offers the link again.
      await loginAs(page, locale, person);
      await page.goto(pathTo("account-profile", locale));
      await expect(page.getByText(t.account.emailUnverified)).toBeVisible();

      const mail = await newestMailTo(person.email);
      expect(mail.subject).toBe(api.verifySubject);
      await followEmailLink(page, locale, mail.text);
      await expect(page.locator("main").getByRole("status")).toHaveText(api.emailVerified);
      await page.goto(pathTo("account-profile", locale));
      await expect(page.getByText(t.account.emailUnverified)).toHaveCount(0);

      await page.goto(pathTo("account", locale));
      await expect(greeting(page, locale, person.name)).toBeVisible();
      await expect(accountLink(page, locale)).toHaveAccessibleName(
        fill(t.nav.accountOf, { name: `${person.name} ${person.surname}` }),
      );
      expect((await cookieJar(context)).get("is_login")?.value).toBe("true");
      // A new account: no tickets, no addresses, and the page's language as its language.
      await page.goto(pathTo("account-tickets", locale));
      await expect(page.getByRole("heading", { name: t.account.ticketsEmptyTitle })).toBeVisible();
      await page.goto(pathTo("account-addresses", locale));
      await expect(
        page.getByRole("heading", { name: t.account.addressesEmptyTitle }),
      ).toBeVisible();
      await page.goto(pathTo("account-profile", locale));
      await expect(page.getByLabel(t.account.preferredLocale, { exact: true })).toHaveValue(locale);

      await logoutFromHeader(page, locale);
      await loginAs(page, locale, person);
      await page.goto(pathTo("account", locale));
      await expect(greeting(page, locale, person.name)).toBeVisible();
    });

    test("a taken email and a weak password are answered per field; typed values stay", async ({
      page,
    }) => {
      const typed = newPerson("taken", locale);
      await page.goto(pathTo("visitor-register", locale));
      const form = page.locator("main form");
      const field = (label: string) => form.getByLabel(label, { exact: true });

      // Letters only: long enough for the browser, but not for the password rule.
      const email = uniqueEmail(`weak-${locale}`);
      await submitVisitorForm(page, locale, { ...typed, email, password: "nurbuchstaben" });
      await expect(form.getByRole("alert")).toHaveText(api.validationFailed);
      await expect(field(t.forms.password)).toHaveAttribute("aria-invalid", "true");
      await expect(field(t.forms.password)).toHaveAccessibleDescription(
        new RegExp(`${escapeRegExp(api.passwordRule)}$`),
      );
      await expect(field(t.forms.email)).not.toHaveAttribute("aria-invalid", "true");
      await expect(field(t.forms.name)).toHaveValue(typed.name);
      await expect(field(t.forms.surname)).toHaveValue(typed.surname);
      await expect(field(t.forms.email)).toHaveValue(email);
      // Nothing was registered.
      await expectLoginRefused(page, locale, { ...typed, email, password: "nurbuchstaben" });

      // A known address is answered like a new one; its owner gets a note by mail.
      const noted = (await mailsTo(visitor.email)).length;
      await page.goto(pathTo("visitor-register", locale));
      await submitVisitorForm(page, locale, { ...typed, email: visitor.email });
      await expectRegistrationSent(page, locale, t.visitorRegister.doneHeading);
      await newestMailTo(visitor.email, noted + 1);
    });
  });
}

test("visitor registration works without JavaScript (de)", async ({ browser, baseURL }) => {
  const locale = "de";
  const t = texts[locale];
  const api = apiTexts[locale];
  const context = await withoutJavaScript(browser, baseURL);
  const page = await context.newPage();
  const form = page.locator("main form");
  const field = (label: string) => form.getByLabel(label, { exact: true });
  const person = newPerson("nojs", locale);

  await page.goto(pathTo("visitor-register", locale));
  await submitVisitorForm(page, locale, { ...person, password: "nurbuchstaben" });
  // The server answers the post with the page again: messages, and what was typed.
  await expect(form.getByRole("alert")).toHaveText(api.validationFailed);
  await expect(field(t.forms.password)).toHaveAccessibleDescription(
    new RegExp(`${escapeRegExp(api.passwordRule)}$`),
  );
  await expect(field(t.forms.name)).toHaveValue(person.name);
  await expect(field(t.forms.surname)).toHaveValue(person.surname);
  await expect(field(t.forms.email)).toHaveValue(person.email);
  await expect(field(t.forms.password), "the password is never sent back").toHaveValue("");
  await expect(form.getByRole("checkbox", { name: plain(t.forms.acceptTerms) })).toBeChecked();

  await submitVisitorForm(page, locale, { password: person.password });
  await expectRegistrationSent(page, locale, t.visitorRegister.doneHeading);
  // The confirmation page works without JavaScript too.
  await followEmailLink(page, locale, (await newestMailTo(person.email)).text);
  await expect(page.locator("main").getByRole("status")).toHaveText(api.emailVerified);
  await context.close();
});

for (const locale of locales) {
  test(`confirm-email: a link without its code, an unknown and a used one say so (${locale})`, async ({
    page,
    request,
  }) => {
    const t = texts[locale].confirmEmail;
    const api = apiTexts[locale];
    const submit = page.getByRole("button", { name: t.submit, exact: true });
    await page.goto(pathTo("confirm-email", locale));
    await expect(page.locator("main")).toContainText(t.noToken);
    await expect(submit).toBeDisabled();

    await page.goto(`${pathTo("confirm-email", locale)}?token=${"x".repeat(43)}`);
    await submit.click();
    await expect(page.locator("main").getByRole("alert")).toHaveText(api.emailTokenInvalid);

    const person = await registerThroughApi(request, "confirm-twice", locale);
    const mail = await newestMailTo(person.email);
    await followEmailLink(page, locale, mail.text);
    await expect(page.locator("main").getByRole("status")).toHaveText(api.emailVerified);
    await followEmailLink(page, locale, mail.text);
    await expect(page.locator("main").getByRole("alert")).toHaveText(api.emailTokenUsed);
  });
}

for (const locale of locales) {
  test(`profile: an unconfirmed address gets its link again; the new link confirms it (${locale})`, async ({
    page,
    request,
  }) => {
    const t = texts[locale];
    const person = await registerThroughApi(request, "resend", locale);
    await newestMailTo(person.email);
    await openAccount(page, locale, person, "account-profile");
    await page.getByRole("button", { name: t.account.emailResend, exact: true }).click();
    await expect(page.locator("#profile").getByRole("status")).toHaveText(
      t.account.verificationSent,
    );
    const mail = await newestMailTo(person.email, 2);
    expect(mail.subject).toBe(apiTexts[locale].verifySubject);
    await followEmailLink(page, locale, mail.text);
    await expect(page.locator("main").getByRole("status")).toHaveText(
      apiTexts[locale].emailVerified,
    );
    await page.goto(pathTo("account-profile", locale));
    await expect(
      page.getByRole("button", { name: t.account.emailResend, exact: true }),
    ).toHaveCount(0);
  });
}

// --- 3. Password reset ---------------------------------------------------------------------

for (const locale of locales) {
  const t = texts[locale];
  const api = apiTexts[locale];
  test(`password reset by the emailed single-use link (${locale})`, async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const person = await registerThroughApi(request, "reset", locale);
    const unknown = uniqueEmail(`unknown-${locale}`);
    const requestLink = async (email: string) => {
      await page.goto(pathTo("reset-password", locale));
      const section = page.getByRole("region", { name: t.resetPassword.requestHeading });
      await section.getByLabel(t.forms.email, { exact: true }).fill(email);
      await section
        .getByRole("button", { name: t.resetPassword.requestSubmit, exact: true })
        .click();
      await expect(section.getByRole("status")).toHaveText(api.resetRequested);
    };

    // The same answer for an unknown address (nobody learns who has an account) …
    await requestLink(unknown);
    // … and for a registered one, which gets the mail.
    await requestLink(person.email);
    const mail = await newestMailTo(person.email, 1, (sent) => sent.subject === api.resetSubject);
    expect(mail.subject).toBe(api.resetSubject);
    expect(mail.text).toContain(person.name);
    expect(await mailsTo(unknown), "no mail to an unknown address").toEqual([]);
    const linkPath = linkPathIn(mail.text);
    expect(linkPath.split("?")[0], "the link opens the reset page in the page's language").toBe(
      pathTo("reset-password", locale),
    );

    await page.goto(linkPath);
    const choose = page.getByRole("region", { name: t.resetPassword.chooseHeading });
    const newPassword = "neues-passwort-2";
    await choose.getByLabel(t.forms.newPassword, { exact: true }).fill(newPassword);
    await choose.getByRole("button", { name: t.resetPassword.chooseSubmit, exact: true }).click();
    await expect(page.locator("main").getByRole("status")).toHaveText(api.resetDone);
    // The browser that set the password is one the account knows (decision 021): it keeps a
    // device token, which the login below sends and keeps.
    const device = (await cookieJar(page.context())).get("device");
    expect(device?.httpOnly, "device is httpOnly").toBe(true);
    expect(device?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The button-like link beside the message (the help text below has one to the login too).
    await page
      .locator("main")
      .getByRole("link", { name: t.resetPassword.doneLogin, exact: true })
      .first()
      .click();
    await expect(page).toHaveURL((url) => url.pathname === pathTo("login", locale));
    await submitLogin(page, locale, { email: person.email, password: newPassword });
    await expect(page).toHaveURL((url) => url.pathname === pathTo("home", locale));
    await expect(accountLink(page, locale)).toBeVisible();
    expect((await cookieJar(page.context())).get("device")?.value).toBe(device?.value);

    // The link works once: opened again (logged out), the page says at once that it has been
    // used, shows no password form and offers a new link; the server decides, so it works
    // without JavaScript too.
    await page.context().clearCookies();
    const expectUsedLink = async (target: Page) => {
      await target.goto(linkPath);
      const alert = target.locator("main").getByRole("alert");
      await expect(alert).toContainText(t.resetPassword.linkUsedTitle);
      await expect(alert).toContainText(t.resetPassword.linkUsedText);
      await expect(target.getByRole("region", { name: t.resetPassword.chooseHeading })).toHaveCount(
        0,
      );
      await expect(target.getByLabel(t.forms.newPassword, { exact: true })).toHaveCount(0);
      const again = target.getByRole("region", { name: t.resetPassword.requestAgain });
      await expect(
        again.getByRole("button", { name: t.resetPassword.requestSubmit, exact: true }),
      ).toBeVisible();
      return again;
    };
    await expectUsedLink(page);
    const noScript = await withoutJavaScript(browser, baseURL);
    try {
      const noScriptPage = await noScript.newPage();
      const again = await expectUsedLink(noScriptPage);
      // Asking for a new link from there works as a plain form post.
      await again.getByLabel(t.forms.email, { exact: true }).fill(person.email);
      await again.getByRole("button", { name: t.resetPassword.requestSubmit, exact: true }).click();
      await expect(noScriptPage.locator("main").getByRole("status")).toHaveText(api.resetRequested);
      await newestMailTo(person.email, 2);
    } finally {
      await noScript.close();
    }

    // A link that was never issued says so too.
    await page.goto(`${pathTo("reset-password", locale)}?token=${"x".repeat(43)}`);
    await expect(page.locator("main").getByRole("alert")).toContainText(
      t.resetPassword.linkInvalidTitle,
    );
    await expect(page.getByLabel(t.forms.newPassword, { exact: true })).toHaveCount(0);

    // The old password is gone, the new one still works.
    await expectLoginRefused(page, locale, person);
    await loginAs(page, locale, { email: person.email, password: newPassword });
  });
}

// --- 4. Addresses --------------------------------------------------------------------------

for (const locale of locales) {
  test(`addresses: add with cascading place selects, edit, delete once confirmed (${locale})`, async ({
    page,
    request,
    baseURL,
  }) => {
    const t = texts[locale];
    const place = places[locale];
    const person = await registerThroughApi(request, "address", locale);
    await openAccount(page, locale, person, "account-addresses");
    const section = page.getByRole("region", { name: t.account.addressesHeading });
    await expect(
      section.getByRole("heading", { name: t.account.addressesEmptyTitle }),
    ).toBeVisible();
    await waitForHydration(page);

    const title = locale === "de" ? "Büro" : "Office";
    const addForm = section.getByRole("form", { name: t.account.addAddress, exact: true });
    await addForm.getByLabel(t.account.addressTitle, { exact: true }).fill(title);
    await addForm.getByLabel(t.account.recipient, { exact: true }).fill(person.name);
    await addForm.getByLabel(t.forms.line, { exact: true }).fill("Große Bergstraße 160");
    await addForm.getByLabel(t.forms.postalCode, { exact: true }).fill("22767");
    const country = addForm.getByLabel(t.forms.country, { exact: true });
    const city = addForm.getByLabel(t.forms.city, { exact: true });
    const district = addForm.getByLabel(t.forms.district, { exact: true });
    // No country, no cities: the city list loads when a country is chosen.
    await expect(city.locator("option")).toHaveText([t.forms.chooseCity]);
    const placesLoaded = (param: "country_id" | "city_id") =>
      page.waitForResponse((response) => {
        const url = new URL(response.url());
        return url.pathname.startsWith("/places.json") && url.searchParams.has(param);
      });
    const cities = placesLoaded("country_id");
    await country.selectOption({ label: place.country });
    expect((await cities).status(), "/places.json?country_id=").toBe(200);
    await expect(city.locator("option", { hasText: place.city })).toHaveCount(1);
    const districts = placesLoaded("city_id");
    await city.selectOption({ label: place.city });
    expect((await districts).status(), "/places.json?city_id=").toBe(200);
    await district.selectOption({ label: place.district });
    await addForm.getByRole("button", { name: t.forms.save, exact: true }).click();

    await expect(section.getByRole("status")).toHaveText(t.account.addressSaved);
    // An address card by its title (the heading also names the default address as such).
    const card = (name: string) =>
      section.getByRole("listitem").filter({
        has: page.getByRole("heading", {
          level: 3,
          name: new RegExp(`^${escapeRegExp(name)}( ${escapeRegExp(t.account.defaultAddress)})?$`),
        }),
      });
    await expect(card(title)).toHaveCount(1);
    // The first address is the default one.
    await expect(card(title).getByRole("heading")).toHaveAccessibleName(
      `${title} ${t.account.defaultAddress}`,
    );
    // The add form is empty again for the next address.
    await expect(addForm.getByLabel(t.account.addressTitle, { exact: true })).toHaveValue("");
    await expect(country).toHaveValue("");
    await expect(city.locator("option")).toHaveText([t.forms.chooseCity]);
    const shown = card(title).locator("address");
    await expect(shown).toContainText("Große Bergstraße 160");
    await expect(shown).toContainText(
      fill(t.account.cityLine, { postalCode: "22767", city: place.city }),
    );
    await expect(shown).toContainText(place.district);
    await expect(shown).toContainText(place.country);

    // Edit: another title and city.
    const newTitle = locale === "de" ? "Zweitwohnung" : "Second home";
    await section
      .getByRole("link", { name: fill(t.account.editAddressLabel, { title }), exact: true })
      .click();
    const editForm = section.getByRole("form", { name: t.account.editAddress, exact: true });
    await expect(editForm.getByLabel(t.account.addressTitle, { exact: true })).toHaveValue(title);
    await expect(editForm.getByLabel(t.forms.city, { exact: true })).toHaveValue(/\d+/);
    await editForm.getByLabel(t.account.addressTitle, { exact: true }).fill(newTitle);
    await editForm
      .getByLabel(t.forms.city, { exact: true })
      .selectOption({ label: place.otherCity });
    await editForm.getByRole("button", { name: t.forms.save, exact: true }).click();
    await expect(section.getByRole("status")).toHaveText(t.account.addressSaved);
    await expect(card(newTitle)).toHaveCount(1);
    await expect(card(title)).toHaveCount(0);
    await expect(card(newTitle).locator("address")).toContainText(
      fill(t.account.cityLine, { postalCode: "22767", city: place.otherCity }),
    );
    await expect(card(newTitle).locator("address")).not.toContainText(place.district);

    // Delete, only once ticked: without the tick the browser keeps the form and points at it.
    const confirmDelete = card(newTitle).getByRole("checkbox", {
      name: fill(t.account.deleteAddressConfirm, { title: newTitle }),
      exact: true,
    });
    const deleteButton = card(newTitle).getByRole("button", {
      name: fill(t.account.deleteAddressLabel, { title: newTitle }),
      exact: true,
    });
    await deleteButton.click();
    await expect(confirmDelete).toBeFocused();
    expect(await confirmDelete.evaluate((box: HTMLInputElement) => box.validity.valueMissing)).toBe(
      true,
    );
    await expect(card(newTitle)).toHaveCount(1);
    // The server insists too (posted as the form would be without the browser's own checks, with
    // the Origin a browser sends); the address stays.
    const unconfirmed = await page.request.post(pathTo("account-addresses", locale), {
      headers: { origin: baseURL as string },
      form: {
        intent: "delete",
        id: await card(newTitle).locator('input[name="id"]').inputValue(),
      },
    });
    expect(unconfirmed.status()).toBe(400);
    expect(await unconfirmed.text()).toContain(t.account.deleteAddressConfirmRequired);
    await page.reload();
    await expect(card(newTitle)).toHaveCount(1);
    await waitForHydration(page);
    await expectNoViolations(page);
    // Ticked and sent with the keyboard: the address is gone, and the focus is on the notice
    // that says so (its button went with it).
    await confirmDelete.focus();
    await page.keyboard.press("Space");
    await expect(confirmDelete).toBeChecked();
    await deleteButton.focus();
    await page.keyboard.press("Enter");
    await expect(section.getByRole("status")).toHaveText(t.account.addressDeleted);
    await expect(section.getByRole("status")).toBeFocused();
    await expect(card(newTitle)).toHaveCount(0);
    await expect(
      section.getByRole("heading", { name: t.account.addressesEmptyTitle }),
    ).toBeVisible();
  });
}

test("the address form, and deleting an address, work without JavaScript (de)", async ({
  browser,
  baseURL,
  request,
}) => {
  const locale = "de";
  const t = texts[locale];
  const place = places[locale];
  const person = await registerThroughApi(request, "address-nojs", locale);
  const context = await withoutJavaScript(browser, baseURL);
  const page = await context.newPage();
  await openAccount(page, locale, person, "account-addresses");
  const section = page.getByRole("region", { name: t.account.addressesHeading });
  const addForm = section.getByRole("form", { name: t.account.addAddress, exact: true });
  await addForm.getByLabel(t.account.addressTitle, { exact: true }).fill("Ohne Skript");
  await addForm.getByLabel(t.account.recipient, { exact: true }).fill(person.name);
  await addForm.getByLabel(t.forms.line, { exact: true }).fill("Kastanienallee 1");
  await addForm.getByLabel(t.forms.postalCode, { exact: true }).fill("10435");
  await addForm.getByLabel(t.forms.country, { exact: true }).selectOption({ label: place.country });
  // Nothing loads the cities without JavaScript: the post comes back with the country's cities.
  await addForm.getByRole("button", { name: t.forms.save, exact: true }).click();
  const city = addForm.getByLabel(t.forms.city, { exact: true });
  await expect(city).toHaveAttribute("aria-invalid", "true");
  await expect(city).toHaveAccessibleDescription(apiTexts[locale].fieldRequired);
  await expect(addForm.getByLabel(t.forms.country, { exact: true })).toHaveValue(/\d+/);
  await expect(addForm.getByLabel(t.account.addressTitle, { exact: true })).toHaveValue(
    "Ohne Skript",
  );
  await city.selectOption({ label: place.berlin });
  await addForm.getByRole("button", { name: t.forms.save, exact: true }).click();
  await expect(section.getByRole("status")).toHaveText(t.account.addressSaved);
  await expect(
    section
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Ohne Skript" }) }),
  ).toContainText(fill(t.account.cityLine, { postalCode: "10435", city: place.berlin }));
  // Deleting takes the tick and a plain post too.
  await section
    .getByRole("checkbox", {
      name: fill(t.account.deleteAddressConfirm, { title: "Ohne Skript" }),
      exact: true,
    })
    .check();
  await section
    .getByRole("button", {
      name: fill(t.account.deleteAddressLabel, { title: "Ohne Skript" }),
      exact: true,
    })
    .click();
  await expect(section.getByRole("status")).toHaveText(t.account.addressDeleted);
  await expect(section.getByRole("heading", { name: t.account.addressesEmptyTitle })).toBeVisible();
  await context.close();
});

// --- 5. Dashboard --------------------------------------------------------------------------

const figureKeys = [
  "eventsAttended",
  "upcomingEvents",
  "ticketsPurchased",
  "expenditure",
  "mostVisitedCity",
  "mostVisitedCategory",
  "lastActivity",
] as const;
type FigureKey = (typeof figureKeys)[number];

/** Every ticket of an account (the demo visitor's unless told) from the API, in one language. */
async function apiTickets(
  request: APIRequestContext,
  locale: Locale,
  credentials: { email: string; password: string } = visitor,
): Promise<TicketRecord[]> {
  const access_token = await accessToken(request, credentials);
  const tickets: TicketRecord[] = [];
  for (let page = 1; ; page++) {
    const response = await request.get(apiPaths.tickets, {
      params: { page, per_page: 100 },
      headers: { Authorization: `Bearer ${access_token}`, [localeHeader]: locale },
    });
    expect(response.status()).toBe(200);
    const list = (await response.json()) as TicketList;
    tickets.push(...list.data);
    if (page >= list.meta.pages) return tickets;
  }
}

/** The figures as the dashboard formats them (components/account/dashboard.tsx). */
function formatFigures(summary: DashboardSummary, locale: Locale): Record<FigureKey, string> {
  const t = texts[locale].account;
  const count = (value: number) => new Intl.NumberFormat(locale).format(value);
  return {
    eventsAttended: count(summary.eventsAttended),
    upcomingEvents: count(summary.upcomingEvents),
    ticketsPurchased: count(summary.ticketsPurchased),
    expenditure: new Intl.NumberFormat(locale === "de" ? "de-DE" : "en", {
      style: "currency",
      currency: "EUR",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(summary.expenditure),
    mostVisitedCity: summary.mostVisitedCity?.name ?? t.none,
    mostVisitedCategory: summary.mostVisitedCategory?.name ?? t.none,
    lastActivity:
      summary.lastActivityDaysAgo === null
        ? t.none
        : plural(t.lastActivity, summary.lastActivityDaysAgo, locale),
  };
}

/** The seven figures the page shows: label and value of each `data-figure`. */
async function renderedFigures(page: Page) {
  const figures = {} as Record<FigureKey, { label: string; value: string }>;
  for (const key of figureKeys) {
    const figure = page.locator(`[data-figure="${key}"]`);
    await expect(figure, key).toHaveCount(1);
    figures[key] = {
      label: normaliseSpace(await figure.locator("dt").textContent()),
      value: normaliseSpace(await figure.locator("dd").textContent()),
    };
  }
  return figures;
}

/**
 * Loads the account page and compares its figures with `summariseTickets` over the API's tickets.
 * The page computes at its own instant: what the test computes just before and just after the
 * load both count (a day boundary or an event start may fall in between).
 */
async function checkDashboard(page: Page, request: APIRequestContext, locale: Locale) {
  const tickets = await apiTickets(request, locale);
  const before = summariseTickets(tickets, new Date());
  await page.goto(pathTo("account", locale));
  await expect(page).toHaveURL((url) => url.pathname === pathTo("account", locale));
  const after = summariseTickets(tickets, new Date());
  const shown = await renderedFigures(page);
  const t = texts[locale].account;
  for (const key of figureKeys) {
    expect(shown[key].label, `${key} label`).toBe(fill(t.figures[key], { days: 21 }));
    const expected = new Set([before, after].map((summary) => formatFigures(summary, locale)[key]));
    expect([...expected].map(normaliseSpace), `${key} (${locale})`).toContain(shown[key].value);
  }
  return { tickets, summary: before, shown, expected: formatFigures(before, locale) };
}

/** A ticket whose event was called off or whose order was refunded or cancelled: void at the door. */
const admitsNoOne = (ticket: TicketRecord) =>
  ticket.event_ticket_type.event.status === "cancelled" ||
  ticket.order_status === "refunded" ||
  ticket.order_status === "cancelled";

/** A cancelled ticket's card: no QR code, the note that it has none, and the status badge. */
async function expectNoQrCode(list: Locator, ticket: TicketRecord, locale: Locale) {
  const t = texts[locale].account;
  const card = list.getByRole("listitem").filter({ hasText: ticket.code });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("img"), `ticket ${ticket.id} has no QR code`).toHaveCount(0);
  await expect(card.getByText(t.qrCancelled, { exact: true })).toBeVisible();
  // The badge says why: the event called off, or the order refunded or cancelled.
  const badge =
    ticket.event_ticket_type.event.status === "cancelled"
      ? t.cancelled
      : ticket.order_status === "refunded"
        ? t.refunded
        : t.orderCancelled;
  await expect(card.getByText(badge, { exact: true })).toBeVisible();
}

for (const locale of locales) {
  test(`dashboard figures equal summariseTickets over the API's tickets; QR codes (${locale})`, async ({
    page,
    request,
  }) => {
    const t = texts[locale].account;
    await loginAs(page, locale, visitor);
    const problems = pageProblems(page);
    const { tickets, summary } = await checkDashboard(page, request, locale);
    // The demo visitor's history makes every figure count.
    expect(summary.ticketsPurchased).toBeGreaterThan(0);
    expect(summary.eventsAttended).toBeGreaterThan(0);
    expect(summary.upcomingEvents).toBeGreaterThan(0);
    expect(summary.mostVisitedCity).not.toBeNull();

    // Every ticket, upcoming and past: a valid one with its QR code as an image with alt text, a
    // cancelled one with the note that it has none instead.
    await page.goto(pathTo("account-tickets", locale));
    const now = Date.now();
    const upcoming = tickets.filter(
      (ticket) => Date.parse(ticket.event_ticket_type.event.date) >= now,
    );
    const past = tickets.filter((ticket) => Date.parse(ticket.event_ticket_type.event.date) < now);
    expect(upcoming.length).toBeGreaterThan(0);
    expect(past.length).toBeGreaterThan(0);
    for (const [heading, group] of [
      [t.upcomingHeading, upcoming],
      [t.pastHeading, past],
    ] as const) {
      const region = page.getByRole("region", { name: `${heading} (${group.length})` });
      await expect(region.getByRole("img")).toHaveCount(
        group.filter((ticket) => !admitsNoOne(ticket)).length,
      );
      for (const ticket of group) {
        if (admitsNoOne(ticket)) {
          await expectNoQrCode(region, ticket, locale);
          continue;
        }
        const qr = region.getByRole("img", {
          name: fill(t.qrAlt, { code: ticket.code }),
          exact: true,
        });
        await expect(qr).toBeVisible();
        await expect(qr).toHaveAttribute("src", /^data:image\/svg\+xml/);
        expect(
          await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
          `QR code of ticket ${ticket.id} is drawn`,
        ).toBe(true);
      }
    }
    await waitForHydration(page);
    expect(problems, "errors while the account's screens loaded and hydrated").toEqual([]);
  });
}

/**
 * A paid ticket type of one of the demo organiser's events days ahead (not the door demo's
 * concert tonight), with room for two more tickets.
 */
async function ticketOnSale(request: APIRequestContext, organiserToken: string) {
  const list = await request.get(panelPaths.events, {
    headers: { authorization: `Bearer ${organiserToken}` },
  });
  expect(list.status(), await list.text()).toBe(200);
  const soonest = Date.now() + 3 * 86_400_000;
  const events = ((await list.json()) as { data: PanelEventSummary[] }).data
    .filter((event) => event.status === "published" && Date.parse(event.starts_at) > soonest)
    .sort((a, b) => Date.parse(b.starts_at) - Date.parse(a.starts_at));
  for (const event of events) {
    const detail = await request.get(fillPath(apiPaths.event, { id: event.id }));
    const { ticket_types } = ((await detail.json()) as { data: EventDetail }).data;
    const type = ticket_types.find(
      (entry) => entry.availability === "on_sale" && entry.price_cents > 0 && entry.remaining >= 2,
    );
    if (type) return { eventId: event.id, typeId: type.id };
  }
  throw new Error("None of the demo organiser's events has tickets on sale");
}

for (const locale of locales) {
  test(`a refunded ticket shows that it has no QR code, where a valid one shows its code (${locale})`, async ({
    page,
    request,
  }) => {
    const t = texts[locale].account;
    const person = await registerThroughApi(request, "refunded-ticket", locale);
    const organiserToken = await accessToken(request, organiser);
    const { eventId, typeId } = await ticketOnSale(request, organiserToken);
    const buyer = {
      name: `${person.name} ${person.surname}`,
      email: person.email,
      token: await accessToken(request, person),
    };
    const kept = await buyTicket(request, eventId, typeId, buyer);
    const refunded = await buyTicket(request, eventId, typeId, buyer);
    const refund = await request.post(fillPath(panelPaths.refundOrder, { id: refunded }), {
      headers: { authorization: `Bearer ${organiserToken}` },
    });
    expect(refund.status(), await refund.text()).toBe(200);
    const tickets = await apiTickets(request, locale, person);
    const ticketOf = (orderId: number) => {
      const ticket = tickets.find((entry) => entry.order_id === orderId);
      if (!ticket) throw new Error(`No ticket of order ${orderId}`);
      return ticket;
    };
    expect(admitsNoOne(ticketOf(refunded))).toBe(true);

    await openAccount(page, locale, person, "account-tickets");
    const region = page.getByRole("region", { name: `${t.upcomingHeading} (2)` });
    const keptCard = region.getByRole("listitem").filter({ hasText: ticketOf(kept).code });
    const qr = keptCard.getByRole("img", {
      name: fill(t.qrAlt, { code: ticketOf(kept).code }),
      exact: true,
    });
    await expect(qr).toBeVisible();
    await expect(keptCard.getByText(t.qrCancelled, { exact: true })).toHaveCount(0);
    await expectNoQrCode(region, ticketOf(refunded), locale);
    // The note takes the code's place at the code's size: the card keeps its shape.
    const note = region
      .getByRole("listitem")
      .filter({ hasText: ticketOf(refunded).code })
      .getByText(t.qrCancelled, { exact: true })
      .locator("..");
    const [noteBox, qrBox] = [await note.boundingBox(), await qr.boundingBox()];
    expect(noteBox?.width).toBe(qrBox?.width);
    expect(noteBox?.height).toBe(qrBox?.height);
    await expectNoViolations(page);

    // The full-screen codes for the door (one region each) leave the refunded ticket out.
    await page.goto(pathTo("qr", locale));
    await expect(page.getByRole("main").getByRole("region")).toHaveCount(1);
  });
}

test("dashboard figures of both languages (test-results/dashboard.json)", async ({
  page,
  request,
}, testInfo) => {
  await loginAs(page, "de", visitor);
  const report: Record<string, unknown> = {
    user: visitor.email,
    generatedAt: new Date().toISOString(),
  };
  for (const locale of locales) {
    const { tickets, summary, shown } = await checkDashboard(page, request, locale);
    report.tickets = tickets.length;
    report[locale] = {
      path: pathTo("account", locale),
      summary,
      figures: Object.fromEntries(figureKeys.map((key) => [key, shown[key]])),
    };
  }
  const file = path.join(
    path.dirname(testInfo.config.configFile!),
    "test-results",
    "dashboard.json",
  );
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
});

// --- 6. Organiser registration -------------------------------------------------------------

for (const locale of locales) {
  test(`organiser registration ends pending approval on the account page (${locale})`, async ({
    page,
  }) => {
    const t = texts[locale];
    const place = places[locale];
    const person = newPerson("organiser", locale);
    await page.goto(pathTo("organiser-register", locale));
    await waitForHydration(page);
    const form = page.getByRole("form", { name: t.organiserRegister.heading, exact: true });
    const field = (label: string) => form.getByLabel(label, { exact: true });
    await field(t.forms.name).fill(person.name);
    await field(t.forms.surname).fill(person.surname);
    await field(t.forms.email).fill(person.email);
    await field(t.forms.phone).fill("+49 30 1234567");
    await field(t.forms.password).fill(person.password);
    await field(t.organiserRegister.companyName).fill(`${person.surname} Konzerte GmbH`);
    await field(t.organiserRegister.companyCategory).selectOption({ label: place.category });
    await field(t.organiserRegister.taxNumber).fill("DE123456789");
    await field(t.forms.line).fill("Oranienstraße 25");
    await field(t.forms.postalCode).fill("10999");
    await field(t.forms.country).selectOption({ label: place.country });
    await field(t.forms.city).selectOption({ label: place.berlin });
    await field(t.forms.district).selectOption({ label: place.mitte });
    await form.getByRole("checkbox", { name: plain(t.forms.acceptTerms) }).check();
    await form.getByRole("button", { name: t.organiserRegister.submit, exact: true }).click();
    await expectRegistrationSent(page, locale, t.organiserRegister.doneHeading);

    await loginAs(page, locale, person);
    await page.goto(pathTo("account", locale));
    await expect(greeting(page, locale, person.name)).toBeVisible();
    const organiser = page.getByRole("complementary", { name: t.account.organiserHeading });
    await expect(organiser).toContainText(select(t.account.approvalLabel, "pending"));
    await expect(organiser).toContainText(t.account.approval.pending);
    await expect(organiser.locator("[data-approval]")).toHaveAttribute("data-approval", "pending");
  });
}

// --- 7. Profile ----------------------------------------------------------------------------

for (const locale of locales) {
  test(`profile: name, email with a wrong password, password change (${locale})`, async ({
    page,
    request,
  }) => {
    const t = texts[locale];
    const person = await registerThroughApi(request, "profile", locale);
    await openAccount(page, locale, person, "account-profile");

    const profile = page.getByRole("form", { name: t.account.profileHeading, exact: true });
    const newName = locale === "de" ? "Annegret" : "Philippa";
    await profile.getByLabel(t.forms.name, { exact: true }).fill(newName);
    await profile.getByRole("button", { name: t.forms.save, exact: true }).click();
    await expect(page.locator("#profile").getByRole("status")).toHaveText(t.account.profileSaved);
    await expect(greeting(page, locale, newName)).toBeVisible();
    await expect(accountLink(page, locale)).toHaveAccessibleName(
      fill(t.nav.accountOf, { name: `${newName} ${person.surname}` }),
    );

    const emailForm = page.getByRole("form", { name: t.account.emailHeading, exact: true });
    await emailForm.getByLabel(t.account.newEmail, { exact: true }).fill(uniqueEmail("changed"));
    const current = emailForm.getByLabel(t.forms.currentPassword, { exact: true });
    await current.fill("nicht-das-passwort-9");
    await emailForm.getByRole("button", { name: t.account.emailSubmit, exact: true }).click();
    await expect(emailForm.getByRole("alert")).toHaveText(apiTexts[locale].wrongPassword);
    await expect(current).toHaveAttribute("aria-invalid", "true");
    // Refused, the form keeps what was typed.
    await expect(current).toHaveValue("nicht-das-passwort-9");
    await expect(current).toHaveAccessibleDescription(apiTexts[locale].wrongPassword);
    await expect(emailForm).toContainText(fill(t.account.emailCurrent, { email: person.email }));

    const passwordForm = page.getByRole("form", { name: t.account.passwordHeading, exact: true });
    const newPassword = "anderes-passwort-7";
    await passwordForm.getByLabel(t.forms.currentPassword, { exact: true }).fill(person.password);
    await passwordForm.getByLabel(t.forms.newPassword, { exact: true }).fill(newPassword);
    await passwordForm.getByRole("button", { name: t.account.passwordSubmit, exact: true }).click();
    await expect(page.locator("#profile").getByRole("status")).toHaveText(
      t.account.passwordChanged,
    );
    // The passwords are gone from the form once changed.
    for (const label of [t.forms.currentPassword, t.forms.newPassword]) {
      await expect(passwordForm.getByLabel(label, { exact: true })).toHaveValue("");
    }
    // This session stays logged in.
    await expect(greeting(page, locale, newName)).toBeVisible();

    await logoutFromHeader(page, locale);
    await expectLoginRefused(page, locale, person);
    await loginAs(page, locale, { email: person.email, password: newPassword });
  });
}

// --- 7a. Email change: confirmed by the new address, noted to the old one -------------------

for (const locale of locales) {
  const t = texts[locale];
  const api = apiTexts[locale];
  test(`email change: the old address is notified, the new one confirms, other sessions end (${locale})`, async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    // The longest account flow (three browsers, two emails, five sign-ins): 21 s alone, 27–32 s
    // beside the other language's run on two cores, which the default 30 s did not always cover.
    test.setTimeout(90_000);
    const person = await registerThroughApi(request, "change", locale);
    // A second browser with the same login: it is signed out when the change is confirmed.
    const otherContext = await browser.newContext({ baseURL });
    const other = await otherContext.newPage();
    await loginAs(other, locale, person);
    await openAccount(page, locale, person, "account-profile");

    const target = uniqueEmail(`changed-${locale}`);
    const emailForm = page.getByRole("form", { name: t.account.emailHeading, exact: true });
    await emailForm.getByLabel(t.account.newEmail, { exact: true }).fill(target);
    await emailForm.getByLabel(t.forms.currentPassword, { exact: true }).fill(person.password);
    await emailForm.getByRole("button", { name: t.account.emailSubmit, exact: true }).click();
    await expect(page.locator("#profile").getByRole("status")).toHaveText(t.account.emailChanged);
    // Nothing changed yet.
    await expect(emailForm).toContainText(fill(t.account.emailCurrent, { email: person.email }));

    const notice = await newestMailTo(person.email, 2);
    expect(notice.subject).toBe(api.changeNoticeSubject);
    expect(notice.text).toContain(target);
    const link = await newestMailTo(target);
    expect(link.subject).toBe(api.changeSubject);
    await page.reload();
    await expect(page.locator("#email-pending")).toHaveText(
      fill(t.account.emailPending, { email: target }),
    );

    // Opened signed out, the change link asks for the login first, which comes back to it.
    const guest = await browser.newContext({ baseURL });
    await followEmailLink(await guest.newPage(), locale, link.text);
    await expect(guest.pages()[0]!).toHaveURL(
      (url) =>
        url.pathname === pathTo("login", locale) &&
        url.searchParams.get("redirect") === linkPathIn(link.text),
    );
    await guest.close();

    await followEmailLink(page, locale, link.text);
    await expect(page.locator("main").getByRole("status")).toHaveText(api.emailChanged);
    await page.goto(pathTo("account-profile", locale));
    await expect(emailForm).toContainText(fill(t.account.emailCurrent, { email: target }));

    // The other browser's session ended: the account sends it to the login.
    await other.goto(pathTo("account", locale));
    await expect(other).toHaveURL((url) => url.pathname === pathTo("login", locale));
    await otherContext.close();

    await logoutFromHeader(page, locale);
    await expectLoginRefused(page, locale, person);
    await loginAs(page, locale, { email: target, password: person.password });
  });
}

// --- 7b. The account's screens and the links of the one-page account before them -------------

for (const locale of locales) {
  test(`account screens: sub-navigation, and old links land on the screen (${locale})`, async ({
    page,
  }) => {
    const t = texts[locale].account;
    await loginAs(page, locale, visitor);
    await page.goto(pathTo("account", locale));
    const nav = page.getByRole("navigation", { name: t.sectionsLabel });
    await expect(nav.getByRole("link", { name: t.nav.dashboard })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await nav.getByRole("link", { name: t.nav.profile, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === pathTo("account-profile", locale));
    await expect(nav.getByRole("link", { name: t.nav.profile })).toHaveAttribute(
      "aria-current",
      "page",
    );

    // `/konto#tickets` and the other anchors: the overview's card of that screen, linking on.
    for (const [screen, label] of [
      ["account-tickets", "tickets"],
      ["account-profile", "profile"],
      ["account-addresses", "addresses"],
      ["account-privacy", "privacy"],
    ] as const) {
      await page.goto(`${pathTo("account", locale)}#${label}`);
      const card = page.locator(`#${label}`);
      await expect(card.getByRole("heading")).toHaveText(t.nav[label]);
      await expect(
        card.getByRole("link", { name: fill(t.openScreen, { screen: t.nav[label] }) }),
      ).toHaveAttribute("href", pathTo(screen, locale));
    }

    // The notices and the address edit link of the old page were query parameters: redirects.
    const response = await page.request.get(`${pathTo("account", locale)}?notice=profile`, {
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe(`${pathTo("account-profile", locale)}?notice=profile`);
    await page.goto(`${pathTo("account", locale)}?notice=address-deleted#addresses`);
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === pathTo("account-addresses", locale) &&
        url.search === "?notice=address-deleted",
    );
    await expect(
      page.getByRole("region", { name: t.addressesHeading }).getByRole("status"),
    ).toHaveText(t.addressDeleted);
    const edit = await page.request.get(`${pathTo("account", locale)}?edit=7`, { maxRedirects: 0 });
    expect(edit.headers().location).toBe(`${pathTo("account-addresses", locale)}?edit=7`);
  });
}

// --- 8. Privacy ----------------------------------------------------------------------------

for (const locale of locales) {
  const t = texts[locale];
  const api = apiTexts[locale];
  test(`privacy: data export and account deletion (${locale})`, async ({
    page,
    request,
    context,
    baseURL,
  }) => {
    const person = await registerThroughApi(request, "privacy", locale);
    await openAccount(page, locale, person, "account-privacy");

    const downloading = page.waitForEvent("download");
    const exportLink = page.getByRole("link", { name: t.account.exportAction, exact: true });
    // Its address has no language of its own: the link names the page's, for translated names.
    await expect(exportLink).toHaveAttribute(
      "href",
      `${resources.accountExport.path}?lang=${locale}`,
    );
    await exportLink.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^account-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(await download.path(), "utf8")) as AccountExport;
    expect(exported.user.email).toBe(person.email);
    expect(exported.user.name).toBe(person.name);
    expect(exported.tickets).toEqual([]);

    // The export is the signed-in visitor's only: a guest gets 401.
    const guestExport = await request.get(resources.accountExport.path);
    expect(guestExport.status()).toBe(401);
    expect(guestExport.headers()["cache-control"]).toBe("private, no-store");

    // The server insists on the confirmation and the right password (posted as the form would be
    // without the browser's own checks, with the Origin a browser sends); the account stays.
    const account = pathTo("account-privacy", locale);
    const unconfirmed = await page.request.post(account, {
      headers: { origin: baseURL as string },
      form: { intent: "delete-account", password: person.password },
    });
    expect(unconfirmed.status()).toBe(400);
    expect(await unconfirmed.text()).toContain(t.account.deleteConfirmRequired);
    const wrongPassword = await page.request.post(account, {
      headers: { origin: baseURL as string },
      form: { intent: "delete-account", confirm: "on", password: "not-the-password-1" },
    });
    expect(wrongPassword.status()).toBe(400);
    expect(await wrongPassword.text()).toContain(api.wrongPassword);
    expect((await page.request.get(resources.accountExport.path)).status()).toBe(200);

    const deletion = page.getByRole("form", { name: t.account.deleteHeading, exact: true });
    await deletion.getByRole("checkbox", { name: t.account.deleteConfirm, exact: true }).check();
    await deletion.getByLabel(t.account.deletePassword, { exact: true }).fill(person.password);
    await deletion.getByRole("button", { name: t.account.deleteSubmit, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === pathTo("home", locale));
    await expect(accountLink(page, locale)).toHaveCount(0);
    const jar = await cookieJar(context);
    for (const name of ["token", "refresh_token", "is_login"]) {
      expect(jar.has(name), `${name} is cleared`).toBe(false);
    }
    await expectLoginRefused(page, locale, person);
  });
}

// --- 9. Accessibility ----------------------------------------------------------------------

const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Runs axe on the page; a failure lists each violation with the elements it found. */
async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  const violations = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
}

for (const locale of locales) {
  test.describe(`axe (WCAG 2.1 A/AA) on the account pages (${locale})`, () => {
    const t = texts[locale];

    for (const key of ["visitor-register", "organiser-register"] as const) {
      test(`${key} ${pathTo(key, locale)}`, async ({ guestPage: page }) => {
        await page.goto(pathTo(key, locale));
        await expectNoViolations(page);
      });
    }

    test("visitor-register with field errors", async ({ guestPage: page }) => {
      await page.goto(pathTo("visitor-register", locale));
      await submitVisitorForm(page, locale, {
        ...newPerson("axe", locale),
        email: visitor.email,
        password: "nurbuchstaben",
      });
      await expect(page.locator("main form").getByRole("alert")).toBeVisible();
      await expectNoViolations(page);
    });

    test("reset-password, step 1: request a link", async ({ guestPage: page }) => {
      await page.goto(pathTo("reset-password", locale));
      await expect(
        page.getByRole("heading", { name: t.resetPassword.requestHeading, exact: true }),
      ).toBeVisible();
      await expectNoViolations(page);
    });

    test("reset-password, step 2: choose a new password", async ({ guestPage: page, request }) => {
      await page.goto(await freshResetLink(request, locale));
      await expect(
        page.getByRole("heading", { name: t.resetPassword.chooseHeading, exact: true }),
      ).toBeVisible();
      await expectNoViolations(page);
    });

    test("reset-password: a link that does not work", async ({ guestPage: page }) => {
      await page.goto(`${pathTo("reset-password", locale)}?token=${"x".repeat(43)}`);
      await expect(page.locator("main").getByRole("alert")).toContainText(
        t.resetPassword.linkInvalidTitle,
      );
      await expectNoViolations(page);
    });

    test("account page of the demo visitor", async ({ page }) => {
      await loginAs(page, locale, visitor);
      await page.goto(pathTo("account", locale));
      await expect(page.locator("[data-figure]")).toHaveCount(figureKeys.length);
      await expectNoViolations(page);
    });

    for (const [screen, heading] of [
      ["account-tickets", t.account.ticketsHeading],
      ["account-profile", t.account.profileHeading],
      ["account-addresses", t.account.addressesHeading],
      ["account-privacy", t.account.privacyHeading],
    ] as const) {
      test(`${screen} of the demo visitor`, async ({ page }) => {
        // axe over the demo visitor's many QR codes takes its time on a busy machine.
        test.slow();
        await loginAs(page, locale, visitor);
        await page.goto(pathTo(screen, locale));
        await expect(page.getByRole("region", { name: heading })).toBeVisible();
        await expectNoViolations(page);
      });
    }
  });
}

import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { login, loginAs, routeCases, test, withEventSlugs } from "./support";

/** The Nu HTML Checker's jar, from the `vnu-jar` package (it runs on the machine's Java). */
const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));

type VnuMessage = { type: string; url?: string; message: string; extract?: string };

/**
 * Every page of the route table in both languages, as the server sends it (the account's pages
 * signed in, the others as a guest), checked by the Nu HTML Checker in one run: no errors.
 */
test("every page is valid HTML (Nu HTML Checker)", async ({ guestPage, browser, baseURL }) => {
  test.setTimeout(240_000);
  const signedIn = await browser.newContext({ baseURL, locale: "de-DE" });
  const visitorPage = await signedIn.newPage();
  await login(visitorPage);
  // Door links are an approved organiser's screen; other accounts get a 404.
  const organiserContext = await browser.newContext({ baseURL, locale: "de-DE" });
  const organiserPage = await organiserContext.newPage();
  await loginAs(organiserPage, "de", {
    email: "organiser@eventwerk.example",
    password: "eventwerk-demo-1",
  });
  const dir = await mkdtemp(path.join(tmpdir(), "eventwerk-vnu-"));
  try {
    const files: string[] = [];
    for (const route of routeCases) {
      const { path: pathname, key, locale, page } = await withEventSlugs(route, guestPage.request);
      const middleware = page.middleware as readonly string[];
      // The panel's screens need an approved organiser's own event or the operator: panel.spec.ts
      // walks them (with axe); this check reads the rest.
      if (middleware.includes("organiser") || middleware.includes("admin")) continue;
      const account = middleware.includes("login");
      const reader = key === "account-door" ? organiserPage : account ? visitorPage : guestPage;
      const response = await reader.request.get(pathname, {
        headers: { "accept-language": locale },
        maxRedirects: 0,
      });
      expect(response.status(), `${pathname} answers with the page`).toBe(200);
      const file = path.join(dir, `${key}.${locale}.html`);
      await writeFile(file, await response.body());
      files.push(file);
    }
    const run = spawnSync(
      "java",
      ["-jar", vnuJar, "--errors-only", "--format", "json", "--exit-zero-always", ...files],
      { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    expect(run.error, "java runs (.ci/run installs default-jre-headless)").toBeUndefined();
    const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] };
    const errors = messages
      .filter((message) => message.type === "error")
      .map(
        (message) =>
          `${path.basename(message.url ?? "")}: ${message.message} [${message.extract ?? ""}]`,
      );
    expect(files.length).toBeGreaterThan(50);
    expect(errors).toEqual([]);
  } finally {
    await signedIn.close();
    await organiserContext.close();
    await rm(dir, { recursive: true, force: true });
  }
});

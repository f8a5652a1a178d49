import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-path";

const home = "/";

describe("safeReturnPath (where the login page sends the visitor back to)", () => {
  it.each([
    "/",
    "/konto",
    "/en/account",
    "/veranstaltungen?q=jazz&stadt=berlin",
    "/search?q=a%20b",
    "/jazz-im-park-evx-12#tickets",
    "/a/b/c/",
    "/%2F%2Fevil.example",
    "/en/%C3%BCber",
  ])("keeps the path on this site %j", (path) => {
    expect(safeReturnPath(path, home)).toBe(path);
  });

  it.each([
    undefined,
    "",
    "konto",
    "evil.example",
    "https://evil.example/",
    "http:/evil.example",
    "//evil.example",
    "//evil.example/x",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    // Browsers drop TAB, CR and LF from URLs: each of these becomes //evil.example/x.
    "/\t/evil.example/x",
    "/\n/evil.example/x",
    "/\r/evil.example/x",
    "\t//evil.example/x",
    // CR/LF would also split the Location header.
    "/konto\r\nSet-Cookie: a=b",
    "/konto\n",
    // Other controls, spaces and invisible separators.
    "/\u0000/evil.example",
    "/\u001f/evil.example",
    "/\u007f/evil.example",
    "/\u0085/evil.example",
    "/ /evil.example",
    " //evil.example",
    "/\u00a0/evil.example",
    "/\u2028/evil.example",
    "/\u200b/evil.example",
    "/\ufeff/evil.example",
    "/konto\u202e",
    "/a\\b",
    "javascript:alert(1)",
    `/${"a".repeat(2001)}`,
  ])("sends %j home instead", (value) => {
    expect(safeReturnPath(value, home)).toBe(home);
  });
});

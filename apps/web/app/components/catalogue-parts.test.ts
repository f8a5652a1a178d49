import { describe, expect, it } from "vitest";
import { pageWindow, splitOnTerms, withUpcoming } from "./catalogue-parts";

const marked = (text: string, terms: string[]) =>
  splitOnTerms(text, terms).filter((_, index) => index % 2 === 1);

describe("splitOnTerms (the search's marked terms)", () => {
  it("marks the words a term matched, case-insensitively, keeping the text whole", () => {
    expect(splitOnTerms("Jazz im Park", ["jazz"])).toEqual(["", "Jazz", " im Park"]);
    expect(splitOnTerms("Jazz im Park", ["jazz"]).join("")).toBe("Jazz im Park");
  });

  it("marks the forms stemming found: plural queries mark singular words, in both languages", () => {
    expect(marked("Großes Konzert im Dom", ["Konzerte"])).toEqual(["Konzert"]);
    expect(marked("Open-air concert by the lake", ["concerts"])).toEqual(["concert"]);
    expect(marked("Konzerthaus Dortmund", ["konzert"])).toEqual(["Konzerthaus"]);
  });

  it("marks a title a typo found", () => {
    expect(marked("Sommerkonzert", ["Konzrt"])).toEqual(["konzert"]);
  });

  it("leaves short terms literal and texts without a match unmarked", () => {
    expect(marked("Ulm und Umgebung", ["ulm"])).toEqual(["Ulm"]);
    expect(splitOnTerms("Theater", ["jazz"])).toEqual(["Theater"]);
    expect(splitOnTerms("Theater", [" "])).toEqual(["Theater"]);
  });

  it("treats terms as text, not as patterns", () => {
    expect(marked("C++ (Workshop)", ["c++"])).toEqual(["C++"]);
  });
});

describe("pageWindow", () => {
  it("shows the first, the last and two either side of the current page, with gaps", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, null, 3, 4, 5, 6, 7, null, 10]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });
});

describe("withUpcoming (a count of upcoming events, written by the server)", () => {
  it("groups the digits as the language does, and keeps the number for the plural", () => {
    const city = { id: 7, name: "Wien", upcoming_count: 1029 };
    expect(withUpcoming("de")(city)).toEqual({ ...city, upcoming: "1.029" });
    expect(withUpcoming("en")(city).upcoming).toBe("1,029");
    expect(withUpcoming("de")({ upcoming_count: 1 }).upcoming).toBe("1");
  });
});

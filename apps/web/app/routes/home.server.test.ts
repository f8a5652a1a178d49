import type { EventSummary } from "@eventwerk/contract";
import { describe, expect, it } from "vitest";
import { pickHighlights } from "./home.server";

const event = (id: number, availability: EventSummary["availability"], cancelled = false) =>
  ({ id, availability, status: cancelled ? "cancelled" : "published" }) as EventSummary;

describe("pickHighlights", () => {
  it("puts buyable events first and sold-out ones last, popularity within each", () => {
    const popular = [
      event(1, "sold_out"),
      event(2, "on_sale"),
      event(3, "sold_out"),
      event(4, "not_yet_on_sale"),
      event(5, "on_sale"),
    ];
    expect(pickHighlights(popular).map((e) => e.id)).toEqual([2, 5, 4, 1, 3]);
  });

  it("takes six, leaves out cancelled events, and sold-out ones make way", () => {
    const popular = [
      ...[1, 2, 3].map((id) => event(id, "sold_out")),
      event(4, "on_sale", true),
      ...[5, 6, 7, 8, 9, 10].map((id) => event(id, "on_sale")),
    ];
    expect(pickHighlights(popular).map((e) => e.id)).toEqual([5, 6, 7, 8, 9, 10]);
  });
});

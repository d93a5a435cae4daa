import en from "@/messages/en-GB.json";
import cy from "@/messages/cy.json";
import review from "@/messages/cy.review.json";
import { compareCatalogues, flatten, placeholdersOf, type Catalogue } from "./catalogue-check";
import { catalogues } from "./catalogues";
import { translator } from "./translator";

/*
 * The Welsh catalogue is complete: every English key, with the same placeholders. A key added in
 * English fails here until it is translated: `npm run i18n:missing` lists what to translate.
 */

describe("messages/cy.json against messages/en-GB.json", () => {
  const diff = compareCatalogues(en as Catalogue, cy as Catalogue);

  it("has every English key (npm run i18n:missing lists any missing)", () => {
    expect(diff.missing).toEqual([]);
  });

  it("has no key English does not have", () => {
    expect(diff.extra).toEqual([]);
  });

  it("uses the same placeholders, rich-text tags and select choices in each message", () => {
    expect(diff.placeholders).toEqual([]);
  });

  it("parses as ICU messages, in both languages", () => {
    expect(diff.unparsable).toEqual([]);
  });

  it("lists for review only keys that exist, each with a note", () => {
    const keys = flatten(en as Catalogue);
    for (const [key, note] of Object.entries(review as Record<string, string>)) {
      expect({ key, known: keys.has(key) }).toEqual({ key, known: true });
      expect(note.trim().length).toBeGreaterThan(0);
    }
  });
});

describe("catalogue comparison", () => {
  it("names missing and extra keys and differing placeholders", () => {
    const reference = { a: "Hello {name}", b: { c: "{count, plural, one {# item} other {# items}}" }, d: "x" };
    const other = { a: "Helo {enw}", b: { c: "{count, plural, zero {dim} one {# eitem} two {# eitem} few {# eitem} many {# eitem} other {# eitem}}" }, e: "y" };
    expect(compareCatalogues(reference, other)).toEqual({
      missing: ["d"],
      extra: ["e"],
      placeholders: [{ key: "a", reference: ["{name}"], other: ["{enw}"] }],
      unparsable: [],
    });
  });

  it("reads tags, selects and typed arguments as placeholders", () => {
    expect(placeholdersOf("<link>See {when, date, long}</link> {kind, select, passport {a} other {b}} {n, number}")).toEqual([
      "<link>",
      "{kind, select, other passport}",
      "{n, number}",
      "{when, date}",
    ]);
  });
});

describe("translator", () => {
  it("speaks Welsh when asked, and English by default outside a request", () => {
    expect(translator()("chrome.language.link")).toBe("Cymraeg");
    expect(translator("cy")("chrome.language.link")).toBe("English");
  });

  it("falls back to English for a key not yet translated", () => {
    const welsh = flatten(catalogues.cy as unknown as Catalogue);
    expect([...welsh.keys()]).toEqual([...flatten(en as Catalogue).keys()]);
  });
});

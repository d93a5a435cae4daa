import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import compile from "icu-minify/compile";
import format, { type FormatValues } from "icu-minify/format";
import en from "@/messages/en-GB.json";
import cy from "@/messages/cy.json";
import { flatten, type Catalogue } from "./catalogue-check";
import { catalogues, overlay } from "./catalogues";
import type { MessageTree as Tree } from "./message-tree";
import { timeZone } from "./locales";

/*
 * The Next.js build loads the catalogues precompiled (next.config.ts and
 * docs/speed.md "Precompiled messages") and formats them with icu-minify; tests and scripts format
 * the same catalogues' text with intl-messageformat. Every message of both languages, with every
 * choice of its selects and plurals, must read the same either way, and the Welsh overlay must work
 * on compiled catalogues.
 */

type Values = Record<string, string | number | Date | ((chunks: unknown[]) => string)>;

const when = new Date("2026-03-09T14:05:00Z");
const counts = [0, 1, 2, 3, 6, 1234];

/** The argument sets that exercise a message: one per choice of each select and plural, others at a default. */
function valueSets(elements: MessageFormatElement[]): Values[] {
  const base: Values = {};
  const variants: Values[] = [];
  const visit = (els: MessageFormatElement[]) => {
    for (const el of els) {
      if (el.type === TYPE.argument) base[el.value] = `«${el.value}»`;
      else if (el.type === TYPE.number) base[el.value] = 1234.5;
      else if (el.type === TYPE.date || el.type === TYPE.time) base[el.value] = when;
      else if (el.type === TYPE.tag) {
        base[el.value] = (chunks: unknown[]) => `<${el.value}>${chunks.join("")}</${el.value}>`;
        visit(el.children);
      } else if (el.type === TYPE.select) {
        base[el.value] = "other";
        for (const choice of Object.keys(el.options)) variants.push({ [el.value]: choice });
        for (const option of Object.values(el.options)) visit(option.value);
      } else if (el.type === TYPE.plural) {
        base[el.value] = 1;
        for (const n of counts) variants.push({ [el.value]: n });
        for (const option of Object.values(el.options)) visit(option.value);
      }
    }
  };
  visit(elements);
  return variants.length ? variants.map((v) => ({ ...base, ...v })) : [base];
}

const formatters = {
  // As use-intl does: every date in the portal's time zone.
  getDateTimeFormat: (locales?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locales, { ...options, timeZone: options?.timeZone ?? timeZone }),
  getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args),
  getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
};

const text = (out: unknown) => (Array.isArray(out) ? out.join("") : String(out));

describe.each([
  ["en-GB", en],
  ["cy", cy],
] as const)("the %s catalogue, precompiled", (locale, catalogue) => {
  const messages = [...flatten(catalogue as Catalogue)];

  it("reads as intl-messageformat reads the text, for every message and every choice", () => {
    const differences: { key: string; values: string; text: string; compiled: string }[] = [];
    for (const [key, message] of messages) {
      const compiled = compile(message);
      for (const values of valueSets(parse(message))) {
        const expected = text(new IntlMessageFormat(message, locale, undefined, { formatters }).format({ ...values }));
        const actual = text(format(compiled, locale, values as FormatValues, { formatters, timeZone }));
        if (actual !== expected) differences.push({ key, values: JSON.stringify(values), text: expected, compiled: actual });
      }
    }
    expect(differences).toEqual([]);
    expect(messages.length).toBeGreaterThan(500);
  });
});

describe("the Welsh overlay on compiled catalogues", () => {
  const compileTree = (tree: Tree): Tree =>
    Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, typeof v === "string" ? compile(v) : compileTree(v as Tree)])) as Tree;

  it("is the compiled form of the overlay of the texts", () => {
    expect(overlay(compileTree(en as Tree), compileTree(cy as Tree))).toEqual(compileTree(catalogues.cy as unknown as Tree));
  });

  it("keeps English, compiled, for a key Welsh lacks", () => {
    const step = compile("Step {n} of {total}");
    expect(Array.isArray(step)).toBe(true);
    expect(overlay({ a: { b: step, c: "Plain" } }, { a: { c: "Plaen" } })).toEqual({ a: { b: step, c: "Plaen" } });
  });
});

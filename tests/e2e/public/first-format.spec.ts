import { expect, test, type Page } from "@playwright/test";
import { loadedPages, settle } from "../support/loaded-pages";

/*
 * No number, date or collation format while the pages of issue 23 load
 * (docs/speed.md "The first number format of a page"). A browser's first Intl number or date
 * format builds its list of every locale it knows: 85-290 ms of one task on Lighthouse's phone, more than the blocking-time bar
 * has to spare. So money is written without Intl (lib/pricing/pricing.ts), the messages are
 * precompiled (next.config.ts) and formatted without a locale look-up, and what a page formats while
 * loading is formatted on the server. A script registered before the page's own records every
 * construction of those formats, and every call that makes one, with where it came from.
 */

declare global {
  interface Window {
    __formats?: { what: string; from: string }[];
  }
}

/** Registered before any of the page's scripts run. */
function recordFormats() {
  window.__formats = [];
  const note = (what: string) => window.__formats!.push({ what, from: (new Error().stack ?? "").split("\n").slice(3, 6).join(" | ") });
  const intl = Intl as unknown as Record<string, (new (...args: unknown[]) => object) & { supportedLocalesOf(...args: unknown[]): string[] }>;
  for (const name of ["NumberFormat", "DateTimeFormat", "Collator", "RelativeTimeFormat", "ListFormat", "DisplayNames"]) {
    const Original = intl[name];
    if (!Original) continue;
    const Wrapped = function (this: unknown, ...args: unknown[]) {
      note(`new Intl.${name}(${JSON.stringify(args[0] ?? null)})`);
      return new Original(...args);
    } as unknown as typeof Original;
    Wrapped.prototype = Original.prototype;
    Wrapped.supportedLocalesOf = (...args: unknown[]) => {
      note(`Intl.${name}.supportedLocalesOf`);
      return Original.supportedLocalesOf(...args);
    };
    intl[name] = Wrapped;
  }
  const methods: [object, string][] = [
    [Number.prototype, "toLocaleString"],
    [Date.prototype, "toLocaleString"],
    [Date.prototype, "toLocaleDateString"],
    [Date.prototype, "toLocaleTimeString"],
    [String.prototype, "localeCompare"],
  ];
  for (const [proto, method] of methods) {
    const target = proto as Record<string, (...args: unknown[]) => unknown>;
    const original = target[method]!;
    target[method] = function (this: unknown, ...args: unknown[]) {
      note(method);
      return original.apply(this, args);
    };
  }
}

const formatsOf = (page: Page) => page.evaluate(() => window.__formats ?? []);

for (const c of loadedPages) {
  test(`[${c.tag}] the ${c.name} loads without a number or date format`, async ({ page }) => {
    if (c.as) await page.context().setExtraHTTPHeaders({ "test-user": c.as });
    await page.addInitScript(recordFormats);
    const response = await page.goto(c.path);
    expect(response?.status()).toBe(200);
    await settle(page);
    expect(await formatsOf(page), "formats made while the page loaded").toEqual([]);
  });
}

test("[PUBLIC] the format recorder sees a format", async ({ page }) => {
  // The check above can fail: a number formatted by the page is recorded, with where it came from.
  await page.addInitScript(recordFormats);
  await page.goto("/login");
  await settle(page);
  await page.evaluate(() => [new Intl.NumberFormat("en-GB").format(1234), (5).toLocaleString()]);
  const formats = await formatsOf(page);
  expect(formats.map((f) => f.what)).toEqual(['new Intl.NumberFormat("en-GB")', "toLocaleString"]);
});

import { expect, test } from "@playwright/test";
import type { Flags } from "lighthouse";
import { launchChrome } from "../../../scripts/bench/lighthouse";
import { seedCompany } from "../support/seed";

/*
 * Lighthouse's accessibility category, with its default (mobile) settings, on the pages the issue
 * names: the request form, the director's task list and the company page. The score must be 100; a
 * failing audit is named with its elements. Accessibility, not speed: speed is the benchmark's.
 * The signed-in pages are opened as their person (of a company of the spec's own,
 * tests/e2e/support/seed.ts) with the test-user header the e2e server accepts.
 */

const port = Number(process.env.E2E_PORT ?? 3100);
const base = `http://localhost:${port}`;

/** The test-user header of the page's person: none, the individual, or the company's contact. */
type As = "nobody" | "individual" | "contact";
const pages: { role: string; name: string; path: string; as: As }[] = [
  { role: "PUBLIC", name: "the request form", path: "/requests/identity-verification?journey=PayByInvoice", as: "nobody" },
  { role: "DIRECTOR", name: "the director's task list", path: "/identity-verification/individual-details", as: "individual" },
  { role: "CONTACT", name: "the company page", path: "/identity-verification/company-management", as: "contact" },
];

async function headersFor(as: As): Promise<Record<string, string>> {
  if (as === "nobody") return {};
  const company = await seedCompany({ name: "Lighthouse", individuals: ["NotStarted", "UnderReview", "Complete"] });
  const who = as === "contact" ? company.contact : company.individuals[0]!;
  return { "test-user": `${as === "contact" ? "DV_CompanyContact" : "DV_Director"}:${who.email}:${who.reference}` };
}

test.describe("Lighthouse accessibility", () => {
  test.describe.configure({ timeout: 180_000 });

  for (const page of pages) {
    test(`[${page.role}] sees ${page.name} score 100 for accessibility`, async ({}, testInfo) => {
      const { default: lighthouse } = await import("lighthouse");
      const chrome = await launchChrome(process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? "/usr/bin/chromium");
      try {
        const flags: Flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["accessibility"], extraHeaders: await headersFor(page.as) };
        const result = await lighthouse(base + page.path, flags);
        const lhr = result!.lhr;
        const failing = (lhr.categories.accessibility?.auditRefs ?? [])
          .filter((r) => r.weight > 0 && lhr.audits[r.id]?.score === 0)
          .map((r) => `${r.id}: ${JSON.stringify((lhr.audits[r.id]?.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items?.map((i) => i.node?.snippet) ?? [])}`);
        await testInfo.attach(`lighthouse ${page.name}.json`, { body: JSON.stringify(lhr.categories.accessibility), contentType: "application/json" });
        expect(lhr.finalDisplayedUrl, "the page itself, not a redirect to sign-in").toContain(page.path.split("?")[0]);
        expect(failing, `${page.name}: failing accessibility audits`).toEqual([]);
        expect(Math.round((lhr.categories.accessibility?.score ?? 0) * 100)).toBe(100);
      } finally {
        await chrome.stop();
      }
    });
  }
});

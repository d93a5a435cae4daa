import fs from "node:fs";
import { expect, test, type Download, type Page } from "@playwright/test";
import { demo } from "../support/fixtures";
import { seedCompany, type SeededCompany } from "../support/seed";
import { parseCsv } from "../../support/parse-csv";

// CSV exports, downloaded as a browser downloads them and read back, of a company of the spec's own
// (tests/e2e/support/seed.ts) among all the others: an individual who has not started and one deleted.

let company: SeededCompany;

test.beforeAll(async () => {
  company = await seedCompany({
    name: "Export",
    individuals: [
      { firstName: "Jamie", lastName: "Walsh" },
      { firstName: "Marcus", lastName: "Ely", deleted: "Resigned as a director before verification started." },
    ],
  });
});

async function readCsv(download: Download): Promise<Record<string, string>[]> {
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = parseCsv(bytes.subarray(3).toString("utf8"));
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ""])));
}

/**
 * Signs in through single sign-on (the local OpenID Connect provider of the global setup): the
 * browser's download manager sends the session cookie, but not Playwright's extra headers.
 */
async function signInAsAdmin(page: Page) {
  const app = new URL(test.info().project.use.baseURL!).origin;
  await page.goto("/admin/login");
  const login = page.locator('input[name="login"]');
  await expect(login).toBeVisible();
  await login.fill(demo.admin.email);
  await page.locator('input[name="password"]').fill("any password will do");
  await page.locator('button[type="submit"]').click();
  const consent = page.locator('input[name="prompt"][value="consent"]');
  await Promise.race([page.waitForURL((u) => u.origin === app, { waitUntil: "commit" }), consent.waitFor()]);
  if (new URL(page.url()).origin !== app && (await consent.count()) > 0) await page.locator('button[type="submit"]').click();
  await page.waitForURL((u) => u.origin === app && u.pathname.startsWith("/administration"));
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test("[ADMIN] exports the individuals CSV and reads it back", async ({ page }) => {
  await page.goto("/administration/client-management");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export individuals (CSV)", exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^individuals-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = await readCsv(download);
  // Headers and values in words: statuses by label, yes/no, amounts in pounds, times said to be UTC.
  const [person, deleted] = company.individuals;
  const jamie = rows.find((r) => r.Email === person!.email);
  expect(jamie).toMatchObject({ "Full name": person!.name, "Individual reference": person!.reference, Status: "Waiting for details and identity check", "Company name": company.name, "Client reference": company.reference, Deleted: "No" });
  expect(Object.keys(jamie!)).toEqual(expect.arrayContaining(["Individual ID", "Personal code", "Price override before VAT (£)", "Created (UTC)"]));
  expect(Object.keys(jamie!).filter((h) => /^[a-z]+[A-Z]/.test(h))).toEqual([]); // no camelCase field names
  expect(Object.keys(jamie!).filter((h) => /token|url/i.test(h))).toEqual([]);
  expect(rows.some((r) => r.Email === deleted!.email)).toBe(false);
});

test("[ADMIN] exports the clients CSV", async ({ page }) => {
  await page.goto("/administration/client-management");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export clients (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = await readCsv(download);
  expect(rows.find((r) => r["Client reference"] === company.reference)).toMatchObject({ "Company name": company.name, Service: "Group managed solution", "Price per individual before VAT (£)": "65.00" });
});

test("[ADMIN] exports one client's individuals from the client page", async ({ page }) => {
  await page.goto(`/administration/client-management/${company.id}`);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export this client's individuals (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${company.reference}-individuals-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const rows = await readCsv(download);
  // Its live individuals only: nobody of another client, nor the deleted one.
  expect(rows.map((r) => [r["Client reference"], r.Email])).toEqual([[company.reference, company.individuals[0]!.email]]);
});

import fs from "node:fs";
import { expect, test, type Download, type Page } from "@playwright/test";
import { demo } from "../support/fixtures";
import { parseCsv } from "../../support/parse-csv";

// CSV exports, downloaded as a browser downloads them and read back.

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
  const james = rows.find((r) => r.Email === demo.director.email);
  expect(james).toMatchObject({ "Full name": demo.director.name, "Individual reference": demo.director.reference, Status: "Waiting for details and identity check", "Company name": demo.contact.company, "Client reference": demo.contact.reference, Deleted: "No" });
  expect(Object.keys(james!)).toEqual(expect.arrayContaining(["Individual ID", "Personal code", "Price override before VAT (£)", "Created (UTC)"]));
  expect(Object.keys(james!).filter((h) => /^[a-z]+[A-Z]/.test(h))).toEqual([]); // no camelCase field names
  expect(Object.keys(james!).filter((h) => /token|url/i.test(h))).toEqual([]);
  expect(rows.some((r) => r.Email === "mark.ellis@hartwell-holdings.example")).toBe(false); // deleted
});

test("[ADMIN] exports the clients CSV", async ({ page }) => {
  await page.goto("/administration/client-management");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export clients (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = await readCsv(download);
  expect(rows.find((r) => r["Client reference"] === demo.contact.reference)).toMatchObject({ "Company name": demo.contact.company, Service: "Group managed solution", "Price per individual before VAT (£)": expect.stringMatching(/^\d+\.\d{2}$/) });
});

test("[ADMIN] exports one client's individuals from the client page", async ({ page }) => {
  const search = await page.request.get("/api/admin/export/client");
  const clients = parseCsv((await search.text()).slice(1));
  const header = clients[0]!;
  const hartwell = clients.find((r) => r[header.indexOf("Client reference")] === demo.contact.reference)!;
  const id = hartwell[header.indexOf("Client ID")]!;

  await page.goto(`/administration/client-management/${id}`);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export this client's individuals (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${demo.contact.reference}-individuals-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const rows = await readCsv(download);
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => r["Client reference"] === demo.contact.reference)).toBe(true);
  expect(rows.map((r) => r.Email)).toContain(demo.director.email);
  expect(rows.some((r) => r["Client reference"] === demo.otherContact.reference)).toBe(false);
});

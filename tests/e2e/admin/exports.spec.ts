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
  const james = rows.find((r) => r.email === demo.director.email);
  expect(james).toMatchObject({ name: demo.director.name, reference: demo.director.reference, status: "AwaitingIDInfo", clientName: demo.contact.company, clientReference: demo.contact.reference });
  expect(Object.keys(james!)).not.toContain("sessionToken");
  expect(rows.some((r) => r.email === "mark.ellis@hartwell-holdings.example")).toBe(false); // deleted
});

test("[ADMIN] exports the clients CSV", async ({ page }) => {
  await page.goto("/administration/client-management");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export clients (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = await readCsv(download);
  expect(rows.find((r) => r.reference === demo.contact.reference)).toMatchObject({ name: demo.contact.company, productTier: "Managed" });
});

test("[ADMIN] exports one client's individuals from the client page", async ({ page }) => {
  const search = await page.request.get("/api/admin/export/client");
  const clients = parseCsv((await search.text()).slice(1));
  const header = clients[0]!;
  const hartwell = clients.find((r) => r[header.indexOf("reference")] === demo.contact.reference)!;
  const id = hartwell[header.indexOf("id")]!;

  await page.goto(`/administration/client-management/${id}`);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export this client's individuals (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${demo.contact.reference}-individuals-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const rows = await readCsv(download);
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => r.clientReference === demo.contact.reference)).toBe(true);
  expect(rows.map((r) => r.email)).toContain(demo.director.email);
  expect(rows.some((r) => r.clientReference === demo.otherContact.reference)).toBe(false);
});

import { expect, test, type Page } from "@playwright/test";
import { demo, expectNoSeriousA11yViolations } from "../support/fixtures";

/*
 * The admin client page. The end-to-end database is shared by every spec file (two workers), so
 * these tests only change demo records no other spec relies on: Maple & Stone Architects LLP (notes)
 * and Thistle Bay Distillers Ltd (Fiona MacLeod's status override, Ewan Stewart's deletion).
 */

const MAPLE = "Maple & Stone Architects LLP";
const THISTLE = "Thistle Bay Distillers Ltd";

test.beforeEach(async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ "test-user": `Admin:${demo.admin.email}` });
});

/** The id of a demo client, found through the admin API. */
async function clientIdOf(page: Page, name: string): Promise<number> {
  for (let id = 1; id <= 50; id++) {
    const res = await page.request.get(`/api/admin/director-verification/clients/${id}`);
    if (res.ok() && (await res.json()).name === name) return id;
  }
  throw new Error(`no client named ${name}`);
}

async function openClient(page: Page, name: string) {
  const id = await clientIdOf(page, name);
  await page.goto(`/administration/client-management/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  // Hydrated: the form and the buttons of the page work.
  await expect(page.locator("form[data-ready]")).toHaveCount(1);
  return id;
}

function individuals(page: Page) {
  return page.getByRole("region", { name: "Individuals" });
}

function directorRow(page: Page, name: string) {
  return individuals(page).locator("tbody > tr").filter({ has: page.getByText(name, { exact: true }) }).first();
}

test("[ADMIN] edits a client field and sees the toast and the audit entry", async ({ page }) => {
  await openClient(page, MAPLE);
  const notes = page.getByRole("textbox", { name: /^Notes/ });
  const text = `Invoice to the Cardiff office (${Date.now()})`;
  await notes.fill(text);
  await expect(page.getByText("You have unsaved changes.")).toBeVisible();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Client details saved")).toBeVisible();

  const audit = page.getByRole("region", { name: "Audit trail" });
  await expect(audit.getByRole("heading", { name: /^Portal Administrator (changed|set) Maple .*’s notes (from .+ )?to / }).first()).toBeVisible();
  await expect(audit.getByText(text).first()).toBeVisible();
  await expect(notes).toHaveValue(text);

  // A value that is not an amount is refused on the form, and can be discarded.
  await page.getByRole("textbox", { name: /^Price per individual/ }).fill("-5");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Enter an amount in pounds, for example 65.00")).toBeVisible();
  await page.getByRole("button", { name: "Discard changes" }).click();
  await expect(page.getByRole("textbox", { name: /^Price per individual/ })).toHaveValue("65.00");
});

test("[ADMIN] assigns an owner with the searchable combobox", async ({ page }) => {
  const id = await openClient(page, MAPLE);
  const owner = page.getByRole("combobox", { name: "Owner" });
  await owner.fill("nobody by this name");
  await expect(owner).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByText("No employee found.", { exact: true }).first()).toBeVisible();
  // The list box is still there, hidden and empty (the page's <select>s have options of their own).
  await expect(page.getByRole("listbox", { name: "Owner", includeHidden: true }).getByRole("option", { includeHidden: true })).toHaveCount(0);

  await owner.fill("tom");
  await expect(page.getByRole("listbox", { name: "Owner" }).getByRole("option")).toHaveText([/Tom Reid/]);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Enter");
  await expect(owner).toHaveValue("Tom Reid");
  await expect(owner).toHaveAttribute("aria-expanded", "false");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Client details saved")).toBeVisible();
  const res = await page.request.get(`/api/admin/director-verification/clients/${id}`);
  expect((await res.json()).owner).toBe("tom.reid@portal.example");
});

test("[ADMIN] is asked to save or discard unsaved changes before leaving", async ({ page }) => {
  await openClient(page, MAPLE);
  await page.getByRole("textbox", { name: /^Company number/ }).fill("OC999999");
  await page.getByRole("link", { name: "Back to client management" }).click();
  const dialog = page.getByRole("dialog", { name: "You have unsaved changes" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("textbox", { name: /^Company number/ })).toHaveValue("OC999999");

  await page.getByRole("link", { name: "Back to client management" }).click();
  await page.getByRole("dialog", { name: "You have unsaved changes" }).getByRole("button", { name: "Discard changes" }).click();
  await expect(page).toHaveURL(/\/administration\/client-management\/?$/);
  const res = await page.request.get(`/api/admin/director-verification/clients/${await clientIdOf(page, MAPLE)}`);
  expect((await res.json()).companyId).toBe("OC428817");
});

test("[ADMIN] overrides a director status with a too-short then a valid reason", async ({ page }) => {
  await openClient(page, THISTLE);
  await page.getByRole("button", { name: "Show details for Fiona MacLeod" }).click();
  const panel = page.getByRole("region", { name: "Fiona MacLeod" });
  await panel.getByRole("button", { name: "Override status" }).click();

  const dialog = page.getByRole("dialog", { name: "Override the status of Fiona MacLeod" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("New status").selectOption({ label: "Identity verified" });
  await dialog.getByRole("textbox", { name: /^Reason/ }).fill("Too short");
  await dialog.getByRole("button", { name: "Save override" }).click();
  await expect(dialog.getByText("Reason must be longer than 10 characters.")).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByRole("textbox", { name: /^Reason/ }).fill("Passport checked in person at the Leith office.");
  await dialog.getByRole("button", { name: "Save override" }).click();
  await expect(page.getByText("Status of Fiona MacLeod saved")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(directorRow(page, "Fiona MacLeod")).toContainText("Identity verified");
  await expect(directorRow(page, "Fiona MacLeod")).toContainText("Overridden");
  await expect(panel.getByText("Passport checked in person at the Leith office.").first()).toBeVisible();

  // The status filter: 'All individual statuses' or one status.
  const filter = page.getByLabel("Filter by status");
  await filter.selectOption({ label: "Identity verified" });
  await expect(directorRow(page, "Fiona MacLeod")).toBeVisible();
  await expect(individuals(page).getByRole("button", { name: "Show details for Ewan Stewart" })).toHaveCount(0);
  await filter.selectOption({ label: "All individual statuses" });
  await expect(individuals(page).getByRole("button", { name: "Show details for Ewan Stewart" })).toBeVisible();
});

test("[ADMIN] deletes a director with a reason", async ({ page }) => {
  await openClient(page, THISTLE);
  await page.getByRole("button", { name: "Show details for Ewan Stewart" }).click();
  await page.getByRole("region", { name: "Ewan Stewart" }).getByRole("button", { name: "Delete individual" }).click();

  const dialog = page.getByRole("dialog", { name: "Delete Ewan Stewart?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Reason for deleting" })).toBeFocused();
  await dialog.getByRole("button", { name: "Delete individual" }).click();
  await expect(dialog.getByText("Enter a reason")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Reason for deleting" }).fill("Resigned as a director last week.");
  await dialog.getByRole("button", { name: "Delete individual" }).click();

  await expect(page.getByText("Ewan Stewart removed")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(individuals(page).getByRole("button", { name: "Show details for Ewan Stewart" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Individuals" })).toBeFocused();
  await page.getByLabel("Show deleted individuals").check();
  await expect(directorRow(page, "Ewan Stewart")).toContainText("Deleted");
  await expect(page.getByRole("region", { name: "Audit trail" }).getByRole("heading", { name: "Portal Administrator deleted Ewan Stewart. Reason: Resigned as a director last week." })).toBeVisible();
});

test("[ADMIN] the client page and its dialogs are accessible", async ({ page }) => {
  await openClient(page, THISTLE);
  await page.getByRole("button", { name: "Show details for Fiona MacLeod" }).click();
  await expect(page.getByRole("region", { name: "Fiona MacLeod" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A dialog: named, focus inside, Escape closes it and gives focus back.
  const opener = page.getByRole("region", { name: "Fiona MacLeod" }).getByRole("button", { name: "Override price" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Override the price of Fiona MacLeod" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("[ADMIN] the client page fits a 320 px wide screen", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await openClient(page, "Hartwell Holdings Ltd");
  // The title names the client, not just "Client".
  await expect(page).toHaveTitle(/^Hartwell Holdings Ltd – Clients/);
  await page.getByRole("button", { name: "Show details for Priya Sharma" }).click();
  await expect(page.getByRole("region", { name: "Priya Sharma" }).getByRole("heading", { name: "Identity checks" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
});

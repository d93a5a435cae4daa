import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, demoTestUser } from "../support/fixtures";
import type { NewClient } from "../../../db/schema";
import { seedCompany, type SeededCompany } from "../support/seed";

/*
 * The admin client page. Each test makes the company it works on (tests/e2e/support/seed.ts), so
 * what it changes is its own: the demo data stays as other specs read it.
 */

test.beforeEach(async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ "test-user": demoTestUser.admin });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function openClient(page: Page, company: SeededCompany) {
  await page.goto(`/administration/client-management/${company.id}`);
  await expect(page.getByRole("heading", { level: 1, name: company.name })).toBeVisible();
  // Hydrated: the form and the buttons of the page work.
  await expect(page.locator("form[data-ready]")).toHaveCount(1);
}

/** A company with two individuals who have not started, Freya and Euan (their names end in the run's tag). */
function twoIndividuals(client: Partial<NewClient> = {}) {
  return seedCompany({
    name: "Detail",
    client,
    individuals: [
      { firstName: "Freya", lastName: "Morrison" },
      { firstName: "Euan", lastName: "Baird" },
    ],
  });
}

function individuals(page: Page) {
  return page.getByRole("region", { name: "Individuals" });
}

function directorRow(page: Page, name: string) {
  return individuals(page).locator("tbody > tr").filter({ has: page.getByText(name, { exact: true }) }).first();
}

test("[ADMIN] edits a client field and sees the toast and the audit entry", async ({ page }) => {
  const company = await twoIndividuals({ status: "New" });
  await openClient(page, company);
  const notes = page.getByRole("textbox", { name: /^Notes/ });
  const text = `Invoice to the Cardiff office (${Date.now()})`;
  await notes.fill(text);
  await expect(page.getByText("You have unsaved changes.")).toBeVisible();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Client details saved")).toBeVisible();

  const audit = page.getByRole("region", { name: "Audit trail" });
  await expect(audit.getByRole("heading", { name: new RegExp(`^Portal Administrator (changed|set) ${escape(company.name)}’s notes (from .+ )?to `) }).first()).toBeVisible();
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
  const company = await twoIndividuals();
  await openClient(page, company);
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
  const res = await page.request.get(`/api/admin/director-verification/clients/${company.id}`);
  expect((await res.json()).owner).toBe("tom.reid@portal.example");
});

test("[ADMIN] is asked to save or discard unsaved changes before leaving", async ({ page }) => {
  const company = await twoIndividuals({ companyId: "OC428817" });
  await openClient(page, company);
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
  const res = await page.request.get(`/api/admin/director-verification/clients/${company.id}`);
  expect((await res.json()).companyId).toBe("OC428817");
});

test("[ADMIN] overrides a director status with a too-short then a valid reason", async ({ page }) => {
  const company = await twoIndividuals();
  const [fiona, ewan] = [company.individuals[0]!.name, company.individuals[1]!.name];
  await openClient(page, company);
  await page.getByRole("button", { name: `Show details for ${fiona}` }).click();
  const panel = page.getByRole("region", { name: fiona });
  await panel.getByRole("button", { name: "Override status" }).click();

  const dialog = page.getByRole("dialog", { name: `Override the status of ${fiona}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("New status").selectOption({ label: "Identity verified" });
  await dialog.getByRole("textbox", { name: /^Reason/ }).fill("Too short");
  await dialog.getByRole("button", { name: "Save override" }).click();
  await expect(dialog.getByText("Reason must be longer than 10 characters.")).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByRole("textbox", { name: /^Reason/ }).fill("Passport checked in person at the Leith office.");
  await dialog.getByRole("button", { name: "Save override" }).click();
  await expect(page.getByText(`Status of ${fiona} saved`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(directorRow(page, fiona)).toContainText("Identity verified");
  await expect(directorRow(page, fiona)).toContainText("Overridden");
  await expect(panel.getByText("Passport checked in person at the Leith office.").first()).toBeVisible();

  // The status filter: 'All individual statuses' or one status.
  const filter = page.getByLabel("Filter by status");
  await filter.selectOption({ label: "Identity verified" });
  await expect(directorRow(page, fiona)).toBeVisible();
  await expect(individuals(page).getByRole("button", { name: `Show details for ${ewan}` })).toHaveCount(0);
  await filter.selectOption({ label: "All individual statuses" });
  await expect(individuals(page).getByRole("button", { name: `Show details for ${ewan}` })).toBeVisible();
});

test("[ADMIN] deletes a director with a reason", async ({ page }) => {
  const company = await twoIndividuals();
  const ewan = company.individuals[1]!.name;
  await openClient(page, company);
  await page.getByRole("button", { name: `Show details for ${ewan}` }).click();
  await page.getByRole("region", { name: ewan }).getByRole("button", { name: "Delete individual" }).click();

  const dialog = page.getByRole("dialog", { name: `Delete ${ewan}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Reason for deleting" })).toBeFocused();
  await dialog.getByRole("button", { name: "Delete individual" }).click();
  await expect(dialog.getByText("Enter a reason")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Reason for deleting" }).fill("Resigned as a director last week.");
  await dialog.getByRole("button", { name: "Delete individual" }).click();

  await expect(page.getByText(`${ewan} removed`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(individuals(page).getByRole("button", { name: `Show details for ${ewan}` })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Individuals" })).toBeFocused();
  await page.getByLabel("Show deleted individuals").check();
  await expect(directorRow(page, ewan)).toContainText("Deleted");
  await expect(page.getByRole("region", { name: "Audit trail" }).getByRole("heading", { name: `Portal Administrator deleted ${ewan}. Reason: Resigned as a director last week.` })).toBeVisible();
});

test("[ADMIN] deletes a client with a reason", async ({ page }) => {
  const company = await twoIndividuals();
  await openClient(page, company);
  // The dialog's code arrives after the page: the button works from the first click all the same.
  const open = page.getByRole("main").getByRole("button", { name: "Delete client" });
  await open.click();

  const dialog = page.getByRole("dialog", { name: `Delete ${company.name}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Reason for deleting" })).toBeFocused();
  await dialog.getByRole("button", { name: "Delete client" }).click();
  await expect(dialog.getByText("Enter a reason")).toBeVisible();
  // Cancelled, the dialog gives the focus back to the button that opened it.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await dialog.getByRole("textbox", { name: "Reason for deleting" }).fill("Duplicate of another client's record.");
  await dialog.getByRole("button", { name: "Delete client" }).click();
  await expect(page).toHaveURL(/\/administration\/client-management$/);
  await expect(page.getByText(`${company.name} deleted`)).toBeVisible();

  // Its page says so, with the reason, and offers no more changes.
  await openClient(page, company);
  await expect(page.getByText("This client has been deleted")).toBeVisible();
  await expect(page.getByText("Reason: Duplicate of another client's record.", { exact: true })).toBeVisible();
  await expect(page.getByRole("main").getByRole("button", { name: "Delete client" })).toHaveCount(0);
});

test("[ADMIN] the client page and its dialogs are accessible", async ({ page }) => {
  const company = await twoIndividuals();
  const fiona = company.individuals[0]!.name;
  await openClient(page, company);
  await page.getByRole("button", { name: `Show details for ${fiona}` }).click();
  await expect(page.getByRole("region", { name: fiona })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A dialog: named, focus inside, Escape closes it and gives focus back.
  const opener = page.getByRole("region", { name: fiona }).getByRole("button", { name: "Override price" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: `Override the price of ${fiona}` });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("[ADMIN] the client page fits a 320 px wide screen", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  const company = await seedCompany({ name: "Narrow", individuals: ["NotStarted", { state: "UnderReview", firstName: "Padma", lastName: "Shah" }] });
  const priya = company.individuals[1]!.name;
  await openClient(page, company);
  // The title names the client, not just "Client".
  await expect(page).toHaveTitle(new RegExp(`^${escape(company.name)} – Clients`));
  await page.getByRole("button", { name: `Show details for ${priya}` }).click();
  await expect(page.getByRole("region", { name: priya }).getByRole("heading", { name: "Identity checks" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
});

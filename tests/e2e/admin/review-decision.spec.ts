import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, human, demoTestUser } from "../support/fixtures";

/*
 * An admin decides a manual review on the client page. The end-to-end database is shared by every
 * spec, so the test files a company of its own through the public request API, and puts its one
 * individual under review with a status override (as staff may), rather than change demo records.
 */

const tag = () => Math.random().toString(36).slice(2, 8);

/** A company with one individual, filed as the request page would; answers the client's reference and the individual's name. */
async function newCompany(request: APIRequestContext) {
  const t = tag();
  const person = `Rowan Review ${t}`;
  const res = await request.post("/api/requests/identity-verification", {
    data: {
      ...human,
      company: { name: `Review ${t} Ltd`, companyId: "09876543" },
      productTier: "Managed",
      journey: "PayByInvoice",
      mainContactFirstName: "Cora",
      mainContactLastName: "Contact",
      mainContactEmail: `contact-${t}@review-e2e.example`,
      mainContactTelephone: "020 7946 0002",
      billingEntityName: `Review ${t} Ltd`,
      billingAddressLine1: "3 Old Road",
      billingAddressCity: "Leeds",
      billingAddressCountry: "GB",
      accountPayableContactFirstName: "Ada",
      accountPayableContactLastName: "Payable",
      accountPayableContactEmail: `ap-${t}@review-e2e.example`,
      vatNumber: "GB123456789",
      vatExempt: false,
      individuals: [{ name: person, email: `rowan-${t}@review-e2e.example` }],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { reference } = (await res.json()) as { reference: string };
  return { reference, person };
}

/** The client and director ids of a client's only individual, through the admin search. */
async function idsOf(page: Page, reference: string): Promise<{ clientId: number; directorId: number }> {
  const res = await page.request.post("/api/admin/director-verification/clients/search", { data: { tableViewMode: "individual", filters: { reference } } });
  expect(res.status(), await res.text()).toBe(200);
  const rows = (await res.json()).clients as { id: number; directorId: number }[];
  expect(rows).toHaveLength(1);
  return { clientId: rows[0]!.id, directorId: rows[0]!.directorId };
}

test.beforeEach(async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ "test-user": demoTestUser.admin });
});

test("[ADMIN] decides a manual review", async ({ page, request }) => {
  // Two axe runs over the client page with its dialogs open, as the other axe-heavy specs allow.
  test.setTimeout(120_000);
  const { reference, person } = await newCompany(request);
  const { clientId, directorId } = await idsOf(page, reference);
  // Under review, as after an identity check that needs a person (an override, as staff may set).
  const override = await page.request.patch(`/api/admin/director-verification/directors/${directorId}`, {
    headers: { "content-type": "application/json-patch+json" },
    data: [
      { op: "replace", path: "/statusOverride", value: "UnderReview" },
      { op: "replace", path: "/statusOverrideReason", value: "The document needs a look by a person." },
    ],
  });
  expect(override.status(), await override.text()).toBe(200);

  await page.goto(`/administration/client-management/${clientId}`);
  await expect(page.locator("form[data-ready]")).toHaveCount(1);
  await page.getByRole("button", { name: `Show details for ${person}` }).click();
  const panel = page.getByRole("region", { name: person });
  await panel.getByRole("button", { name: "Decide review" }).click();

  const dialog = page.getByRole("dialog", { name: `Decide the review of ${person}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Current status: Under review")).toBeVisible();

  // Nothing chosen: the error summary names every problem, each linked to its field.
  await dialog.getByRole("button", { name: "Save decision" }).click();
  const summary = dialog.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: "Choose a decision" })).toBeVisible();
  await expect(summary.getByRole("link", { name: "Reason must be longer than 10 characters." })).toBeVisible();

  // Asking for more evidence reveals the documents, one of which must be chosen.
  await dialog.getByRole("radio", { name: "Ask for more evidence" }).check();
  await expect(dialog.getByRole("checkbox", { name: "Proof of address" })).toBeVisible();
  await dialog.getByRole("textbox", { name: /^Reason/ }).fill("Passport checked by video call with the director.");
  await dialog.getByRole("button", { name: "Save decision" }).click();
  await expect(summary.getByRole("link", { name: "Choose the documents the individual must upload" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole("radio", { name: "Approve" }).check();
  await expect(dialog.getByRole("checkbox", { name: "Proof of address" })).toBeHidden();
  await dialog.getByRole("button", { name: "Save decision" }).click();

  await expect(page.getByText("Review decided").first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("region", { name: "Individuals" }).locator("tbody > tr").filter({ has: page.getByText(person, { exact: true }) }).first();
  await expect(row).toContainText("Waiting for personal code");
  await expect(row).not.toContainText("Overridden");
  await expect(panel.getByRole("heading", { name: "Review decided" })).toBeVisible();
  await expect(panel.getByRole("button", { name: "Decide review" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

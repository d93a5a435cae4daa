import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { parseCsv } from "../../support/parse-csv";
import { expectNoSeriousA11yViolations, human, requestLinkInBrowser, waitForEmail, demoTestUser } from "../support/fixtures";
import { uniqueTag } from "../../support/factories";
import { seedCompany } from "../support/seed";

/** The Stripe simulator the end-to-end set-up started (its default port + E2E_SIM_PORT_OFFSET). */
const stripeSimulator = `http://127.0.0.1:${12111 + Number(process.env.E2E_SIM_PORT_OFFSET ?? 1)}`;
const PAGE = "/identity-verification/company-management";
const tag = () => Math.random().toString(36).slice(2, 8);

/** Acts as a company contact (the test-user header the end-to-end server accepts). */
async function actAs(page: Page, who: { email: string; reference: string }) {
  await page.context().setExtraHTTPHeaders({ "test-user": `DV_CompanyContact:${who.email}:${who.reference}` });
}

/**
 * A company of its own for a test that changes things (the demo data stays as other specs read
 * it), filed through the public request API as the request page would.
 */
async function newCompany(request: APIRequestContext, { journey = "PayByInvoice", individuals = 2 }: { journey?: "PayByInvoice" | "PayByCard"; individuals?: number } = {}) {
  const t = tag();
  const email = `contact-${t}@company-e2e.example`;
  const res = await request.post("/api/requests/identity-verification", {
    data: {
      ...human,
      company: { name: `Contact ${t} Ltd`, companyId: "09876543" },
      productTier: "Managed",
      journey,
      mainContactFirstName: "Cora",
      mainContactLastName: "Contact",
      mainContactEmail: email,
      mainContactTelephone: "020 7946 0002",
      billingEntityName: `Contact ${t} Ltd`,
      billingAddressLine1: "3 Old Road",
      billingAddressCity: "Leeds",
      billingAddressCountry: "GB",
      accountPayableContactFirstName: "Ada",
      accountPayableContactLastName: "Payable",
      accountPayableContactEmail: `ap-${t}@company-e2e.example`,
      vatNumber: "GB123456789",
      vatExempt: false,
      individuals: Array.from({ length: individuals }, (_, i) => ({ name: `Person ${i + 1} ${t}`, email: `person${i + 1}-${t}@company-e2e.example` })),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { reference, next } = (await res.json()) as { reference: string; next: string };
  return { t, email, reference, next };
}

/**
 * As staff do once they have set up the engagement: moves the client to Onboarding, which sends the
 * invitations an invoice request holds for them (HOLD_REQUEST_INVITATIONS, on by default).
 */
async function startOnboarding(request: APIRequestContext, reference: string) {
  const admin = { "test-user": demoTestUser.admin };
  const found = await request.post("/api/admin/director-verification/clients/search", { headers: admin, data: { tableViewMode: "individual", filters: { reference } } });
  expect(found.status(), await found.text()).toBe(200);
  const [client] = (await found.json()).clients as { id: number }[];
  const res = await request.patch(`/api/admin/director-verification/clients/${client!.id}`, {
    headers: { ...admin, "content-type": "application/json-patch+json" },
    data: JSON.stringify([{ op: "replace", path: "/status", value: "Onboarding" }]),
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Signs in as the browser does (a session cookie, which downloads carry too). */
async function signIn(page: Page, who: { email: string; reference: string }) {
  await page.goto(await requestLinkInBrowser(page, who));
  await page.getByRole("button", { name: "Continue to sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
}

async function openPage(page: Page) {
  await page.goto(PAGE);
  await expect(page.locator("form[data-ready=true]")).toBeVisible();
}

/**
 * A Managed company of the test's own with six individuals, each in another status (Jamie Walsh has
 * not started; Mo Rahim is complete, his personal code returned to the company), and a
 * seventh who was deleted.
 */
function companyOfSix() {
  const personalCode = `RH${uniqueTag().toUpperCase().replace(/[^A-Z0-9]/g, "").padEnd(9, "7").slice(0, 9)}`;
  return seedCompany({
    name: "Sixfold",
    client: { productTier: "Managed", journey: "Existing" },
    individuals: [
      { state: "NotStarted", firstName: "Jamie", lastName: "Walsh" },
      { state: "UnderReview", firstName: "Padma", lastName: "Shah" },
      { state: "Verified", firstName: "Tomos", lastName: "Hall" },
      { state: "AwaitingAuthCode", firstName: "Elin", lastName: "Cross" },
      { state: "Complete", firstName: "Mo", lastName: "Rahim", personalCode },
      { state: "OutstandingIDInfo", firstName: "Saffron", lastName: "Tate", formerNames: ["Saffron Marsh"] },
      { state: "NotStarted", firstName: "Marcus", lastName: "Ely", deleted: "Resigned as a director before verification started." },
    ],
  }).then((company) => ({ ...company, personalCode }));
}

test("[CONTACT] filters the individuals by status, the filter kept in the address", async ({ page }) => {
  const company = await companyOfSix();
  const [jamie, , , , mo] = company.individuals.map((i) => i.name);
  await actAs(page, company.contact);
  await openPage(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(company.name);
  await expect(page).toHaveTitle(new RegExp(`^${company.name} \\|`));
  const stats = page.getByRole("navigation", { name: "Individuals by status" });
  await expect(stats.getByRole("link", { name: "All statuses (6)" })).toHaveAttribute("aria-current", "page");
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Filter by status").selectOption("Complete");
  await expect(page).toHaveURL(/\?status=Complete$/);
  const table = page.getByRole("table", { name: "Individuals" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText(mo!);
  await expect(table).toContainText("Nothing: verification is complete");
  // Managed service: the personal code of a complete individual is returned to the company.
  await expect(table).toContainText(company.personalCode);
  await expect(page.getByText("1 individual shown of 6")).toBeVisible();

  // A reload keeps the filter; the counts link to the others.
  await page.reload();
  await expect(page.getByLabel("Filter by status")).toHaveValue("Complete");
  await stats.getByRole("link", { name: /^Waiting for details and identity check \(1\)$/ }).click();
  await expect(page).toHaveURL(/\?status=AwaitingIDInfo$/);
  await expect(table).toContainText(jamie!);
  await expect(table).not.toContainText(mo!);

  await page.getByLabel("Filter by status").selectOption("Rejected");
  await expect(table).toContainText("No results found");
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Filter by status").selectOption({ label: "All individual statuses" });
  await expect(page).toHaveURL(new RegExp(`${PAGE}\\?(status=)?$`));
  await expect(table.getByRole("row")).toHaveCount(7);
});

test("[CONTACT] exports the individuals and reads the CSV back", async ({ page }) => {
  const company = await companyOfSix();
  const jamie = company.individuals[0]!;
  const marcus = company.individuals[6]!;
  await signIn(page, company.contact);
  await openPage(page);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export to CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${company.reference}-individuals-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parseCsv(bytes.toString("utf8").slice(1).trim());
  const lines = rows.map((r) => r.join(","));
  // A Managed client's export carries the personal codes, never the individuals' references.
  expect(rows[0]).toEqual(["Name", "Email", "Status", "Added (UTC)", "Personal code"]);
  expect(rows).toHaveLength(7);
  expect(lines.some((l) => l.startsWith(`${jamie.name},${jamie.email},Waiting for details and identity check,`))).toBe(true);
  expect(lines.join("\n")).not.toContain(jamie.reference);
  // Only this company's live individuals: the deleted one and other companies' are not in it.
  expect(lines.join("\n")).not.toContain(marcus.email);
  expect(lines.join("\n")).not.toContain("northgate");
});

test("[CONTACT] edits the billing address; leaving with unsaved changes asks first", async ({ page, request }) => {
  const company = await newCompany(request);
  await actAs(page, company);
  await openPage(page);
  const billing = page.getByRole("group", { name: "Billing entity and address" });
  await billing.getByLabel("Address line 1").fill("99 New Street");
  await billing.getByLabel("Postcode").fill("LS1 4AP");

  // Following a link with unsaved changes asks to save or discard; staying keeps them.
  await page.getByRole("link", { name: "Waiting for details and identity check (2)" }).click();
  const prompt = page.getByRole("dialog", { name: "You have unsaved changes" });
  await expect(prompt).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await prompt.getByRole("button", { name: "Stay on this page" }).click();
  await expect(billing.getByLabel("Address line 1")).toHaveValue("99 New Street");

  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("Company details saved")).toBeVisible();
  await page.reload();
  await expect(billing.getByLabel("Address line 1")).toHaveValue("99 New Street");
  await expect(billing.getByLabel("Postcode")).toHaveValue("LS1 4AP");
});

test("[CONTACT] sees the company's saved details before the page's script runs", async ({ browser, request }) => {
  // The server's HTML alone, as a slow phone shows it until the page is hydrated.
  const company = await newCompany(request);
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "test-user": `DV_CompanyContact:${company.email}:${company.reference}` } });
  try {
    const page = await context.newPage();
    await page.goto(PAGE);
    const contact = page.getByRole("group", { name: "Main contact" });
    await expect(contact.getByLabel("First name")).toHaveValue("Cora");
    await expect(contact.getByLabel("Telephone")).toHaveValue("020 7946 0002");
    const billing = page.getByRole("group", { name: "Billing entity and address" });
    await expect(billing.getByLabel("Address line 1")).toHaveValue("3 Old Road");
    await expect(billing.getByLabel("Town or city")).toHaveValue("Leeds");
    await expect(billing.getByLabel("Country")).toHaveValue("GB");
  } finally {
    await context.close();
  }
});

test("[CONTACT] cannot blank a required billing field: the form says what to enter and sends nothing", async ({ page, request }) => {
  const company = await newCompany(request);
  await actAs(page, company);
  await openPage(page);
  const patches: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "PATCH") patches.push(r.url());
  });
  const billing = page.getByRole("group", { name: "Billing entity and address" });
  const accounts = page.getByRole("group", { name: "Accounts-payable contact" });
  await billing.getByLabel("Billing entity name").fill("  ");
  await billing.getByLabel("Address line 1").fill("");
  await accounts.getByLabel("Email").fill("");
  await page.getByRole("button", { name: "Save details" }).click();
  // The error summary takes the focus and links each problem to its field.
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link")).toHaveText(["Enter the billing entity name", "Enter the first line of the billing address", "Enter the accounts-payable email address"]);
  await summary.getByRole("link", { name: "Enter the first line of the billing address" }).click();
  await expect(billing.getByLabel("Address line 1")).toBeFocused();
  await expect(billing.getByText("Enter the billing entity name")).toBeVisible();
  await expect(billing.getByText("Enter the first line of the billing address")).toBeVisible();
  await expect(accounts.getByText("Enter the accounts-payable email address")).toBeVisible();
  expect(patches).toEqual([]);
  const stored = (await (await page.request.get("/api/director-verification/company")).json()) as Record<string, unknown>;
  expect(stored).toMatchObject({ billingEntityName: `Contact ${company.t} Ltd`, billingAddressLine1: "3 Old Road", accountPayableContactEmail: `ap-${company.t}@company-e2e.example` });
});

test("[CONTACT] adds an individual, shown the amount first, and the invitation reaches the mailbox", async ({ page, request }) => {
  const company = await newCompany(request);
  // Invoice requests' invitations wait for staff, and so do individuals added meanwhile.
  await startOnboarding(request, company.reference);
  await actAs(page, company);
  await openPage(page);
  await page.getByRole("button", { name: "Add an individual" }).click();
  const dialog = page.getByRole("dialog", { name: "Add an individual" });
  await dialog.getByLabel("Full name").fill(`Added Person ${company.t}`);
  await dialog.getByLabel("Email address").fill(`added-${company.t}@company-e2e.example`);
  // £65.00 + VAT 20%, on an additional invoice.
  await expect(dialog.getByTestId("addition-amount")).toHaveText("Verifying 1 more individual costs £78.00 (£65.00 plus VAT of £13.00).");
  await expect(dialog).toContainText("We will send you an additional invoice for this amount.");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Add individual" }).click();
  await expect(page.getByText(`Added Person ${company.t} added`, { exact: true })).toBeVisible();
  await expect(page.getByRole("table", { name: "Individuals" })).toContainText(`Added Person ${company.t}`);
  const mail = await waitForEmail(`added-${company.t}@company-e2e.example`, /verify your identity/i, 20_000);
  expect(mail.subject).toContain(`Contact ${company.t} Ltd`);
});

test("[CONTACT] removes an individual with a reason", async ({ page, request }) => {
  const company = await newCompany(request);
  await actAs(page, company);
  await openPage(page);
  const table = page.getByRole("table", { name: "Individuals" });
  await table.getByRole("button", { name: `Remove Person 2 ${company.t}` }).click();
  const dialog = page.getByRole("dialog", { name: `Remove Person 2 ${company.t}` });
  await dialog.getByRole("button", { name: "Remove individual" }).click();
  await expect(dialog.getByText("Enter a reason")).toBeVisible();
  await dialog.getByLabel("Reason for removing").fill("Resigned from the board last month");
  await dialog.getByRole("button", { name: "Remove individual" }).click();
  await expect(page.getByText(`Person 2 ${company.t} removed`, { exact: true })).toBeVisible();
  await expect(table).not.toContainText(`Person 2 ${company.t}`);
  await expect(table).toContainText(`Person 1 ${company.t}`);
});

test("[CONTACT] bulk adds individuals from a CSV file, with the rows that failed listed", async ({ page, request }) => {
  const company = await newCompany(request);
  await actAs(page, company);
  await openPage(page);
  await page.getByRole("button", { name: "Add from a CSV file" }).click();
  const dialog = page.getByRole("dialog", { name: "Add individuals from a CSV file" });
  const csv = [
    "Name,Email",
    `Bulk One ${company.t},bulk1-${company.t}@company-e2e.example`,
    `Bulk Two ${company.t},bulk2-${company.t}@company-e2e.example`,
    "No Email,",
    `Already Here,person1-${company.t}@company-e2e.example`,
  ].join("\r\n");
  await dialog.getByLabel("CSV file of individuals").setInputFiles({ name: "individuals.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(dialog.getByText("2 rows could not be processed. Click to view details.")).toBeVisible();
  await dialog.getByText("2 rows could not be processed. Click to view details.").click();
  await expect(dialog.getByTestId("csv-errors")).toContainText("Row 4");
  await expect(dialog.getByTestId("csv-errors")).toContainText("Row 5");
  await expect(dialog.getByText("2 individuals ready to add")).toBeVisible();
  await expect(dialog.getByTestId("addition-amount")).toHaveText("Verifying 2 more individuals costs £156.00 (£130.00 plus VAT of £26.00).");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Add 2 individuals" }).click();
  await expect(page.getByText("2 individuals added", { exact: true })).toBeVisible();
  const table = page.getByRole("table", { name: "Individuals" });
  await expect(table).toContainText(`Bulk One ${company.t}`);
  await expect(table).toContainText(`Bulk Two ${company.t}`);
  await expect(page.getByText("4 individuals shown of 4")).toBeVisible();
});

/** A card-paying Managed client with one individual, its request paid on the Stripe simulator's page. */
async function paidCardCompany(page: Page, request: APIRequestContext) {
  const company = await newCompany(request, { journey: "PayByCard", individuals: 1 });
  await page.goto(company.next);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay £78.00" }).click();
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  return company;
}

/** Pays the Stripe simulator's page the browser is on (or about to be on) and lands on the portal's payment page. */
async function payOnStripe(page: Page) {
  await page.waitForURL(`${stripeSimulator}/pay/**`);
  const sessionId = new URL(page.url()).pathname.split("/").pop()!;
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay £78.00" }).click();
  await page.waitForURL(`**/requests/identity-verification/${sessionId}`);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
}

test("[CONTACT] adds an individual to a card-paying Managed client, paid through the Stripe simulator before the invitation goes", async ({ page, request }) => {
  // The request's own payment first (£65.00 + VAT).
  const company = await paidCardCompany(page, request);

  await actAs(page, company);
  await openPage(page);
  await page.getByRole("button", { name: "Add an individual" }).click();
  const dialog = page.getByRole("dialog", { name: "Add an individual" });
  await dialog.getByLabel("Full name").fill(`Card Added ${company.t}`);
  await dialog.getByLabel("Email address").fill(`card-added-${company.t}@company-e2e.example`);
  await expect(dialog.getByTestId("addition-amount")).toHaveText("Verifying 1 more individual costs £78.00 (£65.00 plus VAT of £13.00).");
  await expect(dialog).toContainText("You pay this by card before the invitations are sent.");
  await dialog.getByRole("button", { name: "Add individual" }).click();

  // Stripe's page for the added individual only.
  await payOnStripe(page);

  await waitForEmail(`card-added-${company.t}@company-e2e.example`, /verify your identity/i, 20_000);
  await openPage(page);
  await expect(page.getByRole("table", { name: "Individuals" })).toContainText(`Card Added ${company.t}`);
  await expect(page.getByText("Waiting for payment")).toHaveCount(0);
});

test("[CONTACT] pays later for an individual they added, from the company page", async ({ page, request }) => {
  const company = await paidCardCompany(page, request);

  await actAs(page, company);
  await openPage(page);
  await page.getByRole("button", { name: "Add an individual" }).click();
  const dialog = page.getByRole("dialog", { name: "Add an individual" });
  await dialog.getByLabel("Full name").fill(`Later Paid ${company.t}`);
  await dialog.getByLabel("Email address").fill(`later-paid-${company.t}@company-e2e.example`);
  await dialog.getByRole("button", { name: "Add individual" }).click();
  await page.waitForURL(`${stripeSimulator}/pay/**`);

  // Left Stripe's page without paying: the company page says what waits and opens a new payment.
  await openPage(page);
  await expect(page.getByText("1 individual you added is waiting for a card payment of £78.00.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Pay £78.00 now" }).click();
  await payOnStripe(page);

  await openPage(page);
  await expect(page.getByRole("table", { name: "Individuals" })).toContainText(`Later Paid ${company.t}`);
  await expect(page.getByText("Waiting for payment")).toHaveCount(0);
});

test("[CONTACT] resends an invitation", async ({ page, request }) => {
  // Paid by card: invited as soon as the payment is confirmed, whatever staff hold back for invoices.
  const company = await newCompany(request, { journey: "PayByCard", individuals: 1 });
  await page.goto(company.next);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  const email = `person1-${company.t}@company-e2e.example`;
  // The first invitation, sent once the payment was confirmed.
  await waitForEmail(email, /verify your identity/i, 20_000);
  await actAs(page, company);
  await openPage(page);
  const table = page.getByRole("table", { name: "Individuals" });
  const resend = table.getByRole("button", { name: `Resend invitation Person 1 ${company.t}` });
  const since = Date.now();
  await resend.click();
  await expect(page.getByText("Invitation sent again")).toBeVisible();
  await expect(page.getByText(`We have emailed Person 1 ${company.t} their invitation again at ${email}.`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const again = await waitForEmail(email, /verify your identity/i, 20_000, since);
  expect(again.text).toContain(`/login?email=${encodeURIComponent(email)}&reference=`);

  // Once per individual per 10 minutes: the second press says when it can be sent again.
  await resend.click();
  await expect(page.getByText("The invitation was not resent")).toBeVisible();
  await expect(page.getByText(/^This invitation was resent in the last 10 minutes\. You can resend it again in \d+ minutes?\.$/)).toBeVisible();
});

import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/fixtures";

/*
 * The request journey in the browser, on the portal as `npm start` runs it: the reCAPTCHA
 * simulator's script gives the bot check's tokens, the invoice job raises the invoice in the Sage
 * simulator. The card journey is tests/e2e/public/card-payment.spec.ts.
 */

const SIM_OFFSET = Number(process.env.E2E_SIM_PORT_OFFSET ?? 1);
const SAGE = `http://127.0.0.1:${4030 + SIM_OFFSET}`;

/** A company name no other test (or earlier run) uses. */
const unique = (name: string) => `${name} ${Date.now().toString(36).toUpperCase()}`;

const section = (page: Page, name: string) => page.getByRole("region", { name });

async function fillCompanyAndContacts(page: Page, companyName: string) {
  const company = section(page, "Company");
  await company.getByLabel("Company name").fill(companyName);
  await company.getByLabel(/Company number/).fill("01234567");
  const main = section(page, "Main contact");
  await main.getByLabel("First name").fill("Ann");
  await main.getByLabel("Last name").fill("Lee");
  await main.getByLabel("Email address").fill("ann.lee@example.com");
  await main.getByLabel("Telephone number").fill("020 7946 0000");
  const billing = section(page, "Billing entity and address");
  await billing.getByLabel(/Billing entity name/).fill(companyName);
  await billing.getByLabel("Address line 1").fill("1 High Street");
  await billing.getByLabel("Town or city").fill("London");
  await billing.getByLabel("Country").selectOption("GB");
  const ap = section(page, "Accounts-payable contact");
  await ap.getByLabel("First name").fill("Bob");
  await ap.getByLabel("Last name").fill("Payne");
  await ap.getByLabel("Email address").fill("accounts@example.com");
  await section(page, "VAT").getByLabel(/VAT registration number/).fill("GB 123 4567 89");
}

async function fillIndividual(page: Page, index: number, name: string, email: string) {
  const row = section(page, "Individuals to verify").getByRole("group", { name: `Individual ${index + 1}` });
  await row.getByLabel("Full name").fill(name);
  await row.getByLabel("Email address").fill(email);
}

test("[PUBLIC] requests verification of three directors paying by invoice (group managed), and the invoice appears in the Sage simulator", async ({ page, request }) => {
  const companyName = unique("Invoice Test Ltd");
  await page.goto(`/requests/identity-verification/?journey=PayByInvoice&companyName=${encodeURIComponent(companyName)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Request identity verification" })).toBeVisible();
  await expect(section(page, "Company").getByLabel("Company name")).toHaveValue(companyName);
  await expect(page.getByText("Onboarding typically takes no longer than two working days.")).toBeVisible();

  // Nothing filled in: each field says what is wrong, nothing is sent.
  await page.getByRole("button", { name: "Submit request" }).click();
  await expect(page.getByText("There is a problem")).toBeVisible();
  await expect(section(page, "Main contact").getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yViolations(page);

  await fillCompanyAndContacts(page, companyName);
  await page.getByLabel(/Group managed solution/).check();
  await fillIndividual(page, 0, "Carol Director", "carol@example.com");
  await page.getByRole("button", { name: "Add another individual" }).click();
  await fillIndividual(page, 1, "Dan Director", "DAN@example.com");
  await page.getByRole("button", { name: "Add another individual" }).click();
  await fillIndividual(page, 2, "Eve Director", "eve@example.com");

  const price = section(page, "Price");
  await expect(price.getByText("Number of individuals")).toBeVisible();
  await expect(price.getByTestId("amount-due")).toHaveText("£234.00");
  await price.getByLabel("Show prices including VAT").check();
  await expect(price.getByText("Price per individual (including VAT)")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Submit request" }).click();
  await expect(page).toHaveURL(/\/requests\/identity-verification\/submitted\?reference=/);
  await expect(page.getByRole("heading", { level: 1, name: "Your request has been submitted" })).toBeVisible();
  const reference = (await page.getByTestId("client-reference").textContent())!.trim();
  expect(reference).toMatch(/^[A-Z0-9]{6,}$/);
  await expectNoSeriousA11yViolations(page);

  // The invoice job runs after the submission commits: wait for it in the simulator's list.
  await expect
    .poll(
      async () => {
        const body = (await (await request.get(`${SAGE}/_simulator/invoices`)).json()) as { invoices: { reference: string; contact_name: string }[] };
        return body.invoices.find((i) => i.reference === reference)?.contact_name;
      },
      { timeout: 20_000 },
    )
    .toBe(companyName);
});

test("[PUBLIC] an existing customer's form is prefilled from lwdbNumber, and a one-off request is submitted", async ({ page }) => {
  await page.goto("/requests/identity-verification/?journey=Existing&companyName=Ashcombe%20Engineering%20Ltd&lwdbNumber=LW100245");
  await expect(page.getByText("Form filled in from your customer record")).toBeVisible();
  const company = section(page, "Company");
  await expect(company.getByLabel(/Customer code/)).toHaveValue("LW100245");
  await expect(company.getByLabel(/Company number/)).toHaveValue("09876543");
  await expect(section(page, "Main contact").getByLabel("Email address")).toHaveValue("eleanor.marsh@ashcombe-engineering.example");
  await expect(section(page, "Billing entity and address").getByLabel("Town or city")).toHaveValue("Bristol");
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel(/One-off solution/).check();
  await expect(page.getByRole("button", { name: "Add another individual" })).toHaveCount(0);
  await fillIndividual(page, 0, "Frank Director", "frank@example.com");
  await page.getByRole("button", { name: "Submit request" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your request has been submitted" })).toBeVisible();
});

test("[PUBLIC] imports individuals from a CSV file with good and bad rows, and lists each bad row's reason", async ({ page }) => {
  await page.goto("/requests/identity-verification/?journey=PayByInvoice");
  await page.getByLabel(/Group managed solution/).check();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the CSV template" }).click();
  expect((await download).suggestedFilename()).toBe("individuals-template.csv");

  const csv = "\uFEFFFull name;E-mail\r\nGina Good; GINA@example.com \r\nNo Email;\r\nHal Good;hal@example.com\r\nGina Again;gina@example.com\r\nBad Email;not-an-email\r\n";
  await page.getByLabel("CSV file of individuals").setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
  await expect(page.getByText("2 individuals were added from people.csv.")).toBeVisible();
  const details = page.getByTestId("csv-errors");
  await details.getByText("3 rows could not be processed. Click to view details.").click();
  await expect(details.getByText(/Row 3 \(No Email\): Email: Enter the individual's email address/)).toBeVisible();
  await expect(details.getByText(/Row 5 \(Gina Again, gina@example.com\): Email: This email address is already used/)).toBeVisible();
  await expect(details.getByText(/Row 6 \(Bad Email, not-an-email\): Email: Enter the individual's email address in the correct format/)).toBeVisible();
  const people = section(page, "Individuals to verify");
  await expect(people.getByLabel("Email address")).toHaveCount(2);
  await expect(people.getByRole("group", { name: "Individual 1" }).getByLabel("Email address")).toHaveValue("gina@example.com");
  await expect(section(page, "Price").getByTestId("amount-due")).toHaveText("£156.00");
  await expectNoSeriousA11yViolations(page);
});

test("[PUBLIC] a request page without a known journey asks how the company will pay", async ({ page }) => {
  // No journey: the question; an unknown one: the question with its error (tests/e2e/public/front-door.spec.ts
  // follows the choice through).
  for (const [path, error] of [["/requests/identity-verification/", false], ["/requests/identity-verification/?journey=Free", true]] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Request identity verification" })).toBeVisible();
    await expect(page.getByRole("group", { name: "How will the company pay?" }).getByRole("radio")).toHaveCount(3);
    await expect(page.getByText("Select how the company will pay")).toHaveCount(error ? 2 : 0);
    await expect(page.getByRole("button", { name: /Submit request|Continue to payment/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  }
  // A known journey with an empty company name is no page the portal links to: the not-found view.
  // The page streams behind its loading view, so the status line is sent before the parameters are
  // checked: what the visitor gets is the not-found error view.
  await page.goto("/requests/identity-verification/?journey=PayByCard&companyName=");
  await expect(page.getByTestId("error-code")).toContainText("404");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});

import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/fixtures";
import { continueTo, fillBilling, fillContacts, fillIndividual, section, stepHeading } from "../support/request-form";

/*
 * The request journey in the browser, on the portal as `npm start` runs it: the reCAPTCHA
 * simulator's script gives the bot check's tokens, the invoice job raises the invoice in the Sage
 * simulator. The card journey is tests/e2e/public/card-payment.spec.ts.
 */

const SIM_OFFSET = Number(process.env.E2E_SIM_PORT_OFFSET ?? 1);
const SAGE = `http://127.0.0.1:${4030 + SIM_OFFSET}`;

/** A company name no other test (or earlier run) uses. */
const unique = (name: string) => `${name} ${Date.now().toString(36).toUpperCase()}`;

test("[PUBLIC] requests verification of three directors paying by invoice (group managed), through the steps and Check your answers, and the invoice appears in the Sage simulator", async ({ page, request }) => {
  const companyName = unique("Invoice Test Ltd");
  await page.goto(`/requests/identity-verification/?journey=PayByInvoice&companyName=${encodeURIComponent(companyName)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Request identity verification" })).toBeVisible();
  await expect(stepHeading(page)).toHaveText("Company and service");
  await expect(page.getByTestId("request-step-progress")).toHaveText("Step 1 of 5");
  await expect(section(page, "Company").getByLabel("Company name")).toHaveValue(companyName);
  await expect(page.getByText("Onboarding typically takes no longer than two working days.")).toBeVisible();

  // Nothing filled in: the error summary takes the focus and links each problem to its field.
  await section(page, "Company").getByLabel("Company name").fill("");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link")).toHaveText(["Enter the company name", "Enter the company number", "Choose a service option"]);
  await expect(section(page, "Company").getByLabel(/Company number/)).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yViolations(page);
  await summary.getByRole("link", { name: "Enter the company number" }).click();
  await expect(section(page, "Company").getByLabel(/Company number/)).toBeFocused();

  // "ABC" is no company number.
  await section(page, "Company").getByLabel("Company name").fill(companyName);
  await section(page, "Company").getByLabel(/Company number/).fill("ABC");
  await page.getByLabel(/Group managed solution/).check();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(summary.getByRole("link")).toHaveText(["Enter a company number of 8 characters, like 01234567 or SC123456"]);
  await section(page, "Company").getByLabel(/Company number/).fill("1182 0457");
  await continueTo(page, "Individuals");

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
  await continueTo(page, "Contacts");

  await fillContacts(page, { main: { firstName: "Ann", lastName: "Lee", email: "ann.lee@example.com", telephone: "020 7946 0000" }, accountsPayable: "main" });
  await continueTo(page, "Billing and VAT");
  // Back keeps the answers.
  await page.getByRole("button", { name: "Back" }).click();
  await expect(section(page, "Main contact").getByLabel("First name")).toHaveValue("Ann");
  await continueTo(page, "Billing and VAT");
  await fillBilling(page, { entityName: companyName, line1: "1 High Street", city: "London", vatNumber: "gb 123 4567 89" });
  await continueTo(page, "Check your answers");

  // Check your answers: each answer with a Change link back to its field.
  await expect(page.getByTestId("check-company")).toContainText("11820457");
  await expect(page.getByTestId("check-contacts")).toContainText("The main contact");
  await expect(page.getByTestId("check-billing")).toContainText("GB123456789");
  await expect(page.getByTestId("check-individuals")).toContainText("Eve Director");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Change company number" }).click();
  await expect(section(page, "Company").getByLabel(/Company number/)).toBeFocused();
  await continueTo(page, "Check your answers");

  await page.getByRole("button", { name: "Submit request" }).click();
  await expect(page).toHaveURL(/\/requests\/identity-verification\/submitted\?reference=/);
  await expect(page.getByRole("heading", { level: 1, name: "Your request has been submitted" })).toBeVisible();
  const reference = (await page.getByTestId("client-reference").textContent())!.trim();
  expect(reference).toMatch(/^[A-Z0-9]{6,}$/);
  await expectNoSeriousA11yViolations(page);

  // The invoice job runs after the submission commits: wait for it in the simulator's list. The
  // accounts-payable contact is the main contact (the toggle).
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
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel(/One-off solution/).check();
  await continueTo(page, "Individuals");
  await expect(page.getByRole("button", { name: "Add another individual" })).toHaveCount(0);
  await fillIndividual(page, 0, "Frank Director", "frank@example.com");
  await continueTo(page, "Contacts");
  await expect(section(page, "Main contact").getByLabel("Email address")).toHaveValue("eleanor.marsh@ashcombe-engineering.example");
  await continueTo(page, "Billing and VAT");
  await expect(section(page, "Billing entity and address").getByLabel("Town or city")).toHaveValue("Bristol");
  await continueTo(page, "Check your answers");
  await expect(page.getByTestId("check-company")).toContainText("LW100245");
  await page.getByRole("button", { name: "Submit request" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your request has been submitted" })).toBeVisible();
});

test("[PUBLIC] imports individuals from a CSV file with good and bad rows, and lists each bad row's reason", async ({ page }) => {
  await page.goto("/requests/identity-verification/?journey=PayByInvoice");
  await section(page, "Company").getByLabel("Company name").fill("CSV Test Ltd");
  await section(page, "Company").getByLabel(/Company number/).fill("11820457");
  await page.getByLabel(/Group managed solution/).check();
  await continueTo(page, "Individuals");
  // The company's people at Companies House arrive above the CSV section and move it down: a click
  // on the template link before they have arrived can land on what takes its place.
  await expect(page.getByRole("group", { name: "People of CALDER & FINCH CONSULTING LTD at Companies House" })).toBeVisible();

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

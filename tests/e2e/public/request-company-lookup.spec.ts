import { expect, test, type Locator } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/fixtures";
import { continueTo, fillContacts, section, stepHeading } from "../support/request-form";

/*
 * The request form with the Companies House look-up, on the portal as `npm start` runs it, against
 * the Companies House simulator the end-to-end set-up starts (its default port + E2E_SIM_PORT_OFFSET).
 * The simulator's register: lib/integrations/companies-house/simulator/register.ts.
 */

const tag = () => Math.random().toString(36).slice(2, 8);

/**
 * Ticks or unticks a person of the register and waits until the box says so. Not check()/uncheck():
 * those read the box at once after the click, and the box is drawn from the form's rows: under load,
 * CI once read it before the render that follows the click had shown the new rows.
 */
async function tick(box: Locator, ticked: boolean) {
  await box.click();
  if (ticked) await expect(box).toBeChecked();
  else await expect(box).not.toBeChecked();
}

test("[PUBLIC] looks a company up and picks its directors", async ({ page }) => {
  const t = tag();
  await page.goto("/requests/identity-verification/?journey=PayByInvoice");
  const company = section(page, "Company");
  const status = page.getByTestId("company-lookup-status");
  const serviceOption = section(page, "Service option");

  // The name suggests the register's companies as it is typed; choosing one fills in the number.
  const before = await serviceOption.boundingBox();
  const name = company.getByRole("combobox", { name: "Company name" });
  await name.pressSequentially("hartwell", { delay: 20 });
  const option = page.getByRole("option", { name: /HARTWELL HOLDINGS LIMITED/ });
  await expect(option).toBeVisible();
  await expect(option).toContainText("09417262 · Active");
  await expect(page.getByText("1 company found: use the up and down arrows to choose it")).toBeAttached();
  await expectNoSeriousA11yViolations(page);
  await name.press("ArrowDown");
  await expect(name).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id"))!);
  await name.press("Enter");
  await expect(name).toHaveValue("HARTWELL HOLDINGS LIMITED");
  await expect(company.getByLabel(/Company number/)).toHaveValue("09417262");
  await expect(status).toHaveText("Found HARTWELL HOLDINGS LIMITED. Its registered office is filled in as the billing address: you can change it.");
  // The answer moved nothing on the page: the status line had its room already.
  expect(await serviceOption.boundingBox()).toEqual(before);

  await serviceOption.getByLabel("Group managed solution").check();
  await continueTo(page, "Individuals");

  // The current directors and individual PSCs, each once: Mark Ellis (resigned, his control ceased)
  // and the corporate secretary are not there.
  const people = section(page, "Individuals to verify");
  const boxes = people.getByRole("group", { name: "People of HARTWELL HOLDINGS LIMITED at Companies House" }).getByRole("checkbox");
  await expect(boxes).toHaveCount(6);
  await expect(people.getByText(/Mark Ellis|ALBEMARLE/i)).toHaveCount(0);
  const james = people.getByRole("checkbox", { name: "James Edward Whitaker — Director and person with significant control, appointed 3 February 2015" });
  await tick(james, true);
  await tick(people.getByRole("checkbox", { name: /^Priya Sharma — Director, appointed 12 September 2018$/ }), true);
  const names = people.getByLabel("Full name");
  await expect(names).toHaveCount(2);
  await expect(names.nth(0)).toHaveValue("James Edward Whitaker");
  await expect(names.nth(1)).toHaveValue("Priya Sharma");
  // Unticking takes the row away again; anyone else is still added by hand.
  await tick(james, false);
  await expect(names).toHaveCount(1);
  await tick(james, true);
  await people.getByRole("button", { name: "Add another individual" }).click();
  const emails = people.getByLabel("Email address");
  await emails.nth(0).fill(`priya-${t}@hartwell.example`);
  await emails.nth(1).fill(`james-${t}@hartwell.example`);
  await names.nth(2).fill("Zoe Hand");
  await emails.nth(2).fill(`zoe-${t}@hartwell.example`);
  await expectNoSeriousA11yViolations(page);
  await continueTo(page, "Contacts");

  await fillContacts(page, { main: { firstName: "Olivia", lastName: "Bennett", email: `olivia-${t}@hartwell.example`, telephone: "020 7946 0000" }, accountsPayable: "main" });
  await continueTo(page, "Billing and VAT");
  // The registered office as the billing address, editable.
  const billing = section(page, "Billing entity and address");
  await expect(billing.getByLabel(/Billing entity name/)).toHaveValue("HARTWELL HOLDINGS LIMITED");
  await expect(billing.getByLabel("Address line 1")).toHaveValue("14 Albemarle Street");
  await expect(billing.getByLabel("Town or city")).toHaveValue("London");
  await expect(billing.getByLabel(/Postcode/)).toHaveValue("W1S 4HW");
  await expect(billing.getByLabel("Country")).toHaveValue("GB");
  await billing.getByLabel(/Address line 2/).fill("Mayfair");
  await section(page, "VAT").getByLabel(/VAT registration number/).fill("GB123456789");
  await continueTo(page, "Check your answers");
  await expect(page.getByTestId("check-company")).toContainText("09417262");
  await expect(page.getByTestId("check-individuals")).toContainText("James Edward Whitaker");
  await expect(page.getByTestId("check-billing")).toContainText("Mayfair");

  await page.getByRole("button", { name: "Submit request" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your request has been submitted" })).toBeVisible();
});

test("[PUBLIC] keeps the focus on the step heading while the register's people are still loading", async ({ page }) => {
  await page.goto("/requests/identity-verification/?journey=PayByInvoice&companyName=Hartwell");
  await section(page, "Service option").getByLabel("Group managed solution").check();
  // From here on the page's code arrives slowly, as on a poor connection: Continue shows the next step
  // before the people's picker has its code.
  await page.route("**/_next/static/chunks/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await section(page, "Company").getByLabel(/Company number/).fill("09417262");
  await continueTo(page, "Individuals");
  const boxes = section(page, "Individuals to verify").getByRole("checkbox");
  await expect(boxes).toHaveCount(6);
  // The picker arrived without hiding the form: the heading Continue focused still has the focus.
  await expect(stepHeading(page)).toBeFocused();
});

test("[PUBLIC] refuses a dissolved or unknown company and lists every current officer of a long register", async ({ page }) => {
  await page.goto("/requests/identity-verification/?journey=PayByInvoice&companyName=Kestrel%20%26%20Wren%20Trading%20Limited");
  const company = section(page, "Company");
  const number = company.getByLabel(/Company number/);
  await section(page, "Service option").getByLabel("One-off solution").check();

  await number.fill("08812345");
  const dissolved = "KESTREL & WREN TRADING LIMITED is dissolved: only an active company's people can be verified for it.";
  // On the field (and said in the status line for screen readers).
  const fieldError = page.locator("#request-company-companyId-error");
  await expect(fieldError).toContainText(dissolved);
  await expect(number).toHaveAccessibleDescription(new RegExp(`Error: ${dissolved.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  await expect(number).toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary.getByRole("link")).toHaveText([dissolved]);
  await expect(stepHeading(page)).toHaveText("Company and service");
  await expectNoSeriousA11yViolations(page);

  await number.fill("1234567");
  await number.fill("01234567");
  await expect(fieldError).toContainText("Companies House has no company with the number 01234567. Check the number on your company's register entry.");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(stepHeading(page)).toHaveText("Company and service");

  // A guarantee company with 120 officers, 92 of them resigned: the 28 serving, over two pages of the register.
  await company.getByLabel("Company name").fill("");
  await number.fill("05123456");
  await expect(page.getByTestId("company-lookup-status")).toContainText("Found GREAT NORTHERN RAILWAY HERITAGE TRUST LIMITED");
  await expect(company.getByLabel("Company name")).toHaveValue("GREAT NORTHERN RAILWAY HERITAGE TRUST LIMITED");
  await continueTo(page, "Individuals");
  const people = section(page, "Individuals to verify");
  const boxes = people.getByRole("checkbox");
  await expect(boxes).toHaveCount(28);
  // One-off: one tick; the others wait, with a note. Ticked from the keyboard: a pointer click at the
  // bottom of a 28-box list landed elsewhere once, under load, as the content above it settled.
  await boxes.nth(27).focus();
  await page.keyboard.press("Space");
  await expect(boxes.nth(27)).toBeChecked();
  await expect(people.getByText("The one-off solution verifies one individual: untick the person chosen")).toBeVisible();
  await expect(boxes.nth(0)).toBeDisabled();
  await expect(people.getByLabel("Full name")).toHaveCount(1);
});

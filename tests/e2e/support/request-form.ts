import { expect, type Page } from "@playwright/test";

/*
 * Walking the request form's steps (company and service; individuals; contacts; billing and VAT;
 * check your answers), shared by the specs that fill it in.
 */

export const section = (page: Page, name: string) => page.getByRole("region", { name });

/** The step the form shows (its heading). */
export const stepHeading = (page: Page) => page.getByTestId("request-step-heading");

/** Continue to the next step and wait until it is shown (its heading takes the focus). */
export async function continueTo(page: Page, heading: "Individuals" | "Contacts" | "Billing and VAT" | "Check your answers") {
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(stepHeading(page)).toHaveText(heading);
  await expect(stepHeading(page)).toBeFocused();
}

export interface RequestContacts {
  main: { firstName: string; lastName: string; email: string; telephone: string };
  /** The accounts-payable contact; "main" ticks "The accounts-payable contact is the main contact". */
  accountsPayable: { firstName: string; lastName: string; email: string } | "main";
}

export async function fillContacts(page: Page, { main, accountsPayable }: RequestContacts) {
  const m = section(page, "Main contact");
  await m.getByLabel("First name").fill(main.firstName);
  await m.getByLabel("Last name").fill(main.lastName);
  await m.getByLabel("Email address").fill(main.email);
  await m.getByLabel("Telephone number").fill(main.telephone);
  const ap = section(page, "Accounts-payable contact");
  if (accountsPayable === "main") {
    await ap.getByLabel("The accounts-payable contact is the main contact").check();
    await expect(ap.getByLabel("Email address")).toBeHidden();
    return;
  }
  await ap.getByLabel("First name").fill(accountsPayable.firstName);
  await ap.getByLabel("Last name").fill(accountsPayable.lastName);
  await ap.getByLabel("Email address").fill(accountsPayable.email);
}

export async function fillBilling(page: Page, { entityName, line1, city, vatNumber }: { entityName: string; line1: string; city: string; vatNumber: string }) {
  const billing = section(page, "Billing entity and address");
  await billing.getByLabel(/Billing entity name/).fill(entityName);
  await billing.getByLabel("Address line 1").fill(line1);
  await billing.getByLabel("Town or city").fill(city);
  await billing.getByLabel("Country").selectOption("GB");
  await section(page, "VAT").getByLabel(/VAT registration number/).fill(vatNumber);
}

export async function fillIndividual(page: Page, index: number, name: string, email: string) {
  const row = section(page, "Individuals to verify").getByRole("group", { name: `Individual ${index + 1}` });
  await row.getByLabel("Full name").fill(name);
  await row.getByLabel("Email address").fill(email);
}

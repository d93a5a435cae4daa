import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/fixtures";

/*
 * The front door: `/` for a visitor leads to the request form and to sign-in; the request form
 * without a journey first asks how the company will pay (GOV.UK radios, a plain GET form).
 */

const question = "How will the company pay?";

test("[PUBLIC] finds the request form from the home page and chooses how to pay", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle("Identity verification for company directors");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Identity verification for company directors");
  await expect(page.getByRole("main").getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute("href", "/login");
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "Request identity verification" }).click();
  await expect(page).toHaveURL(/\/requests\/identity-verification\/?$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Request identity verification");
  await expect(page).toHaveTitle(/^How will the company pay\?/);
  const choices = page.getByRole("group", { name: question });
  await expect(choices.getByRole("radio")).toHaveCount(3);
  await expect(choices.getByRole("radio", { name: "By card" })).toHaveAccessibleDescription("Pay by debit or credit card when you submit the request.");
  await expect(page.getByText("There is a problem")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Continue with nothing chosen: the error summary takes the focus and links to the first choice.
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/requests\/identity-verification\/?\?journey=$/);
  await expect(page).toHaveTitle(/^Error: How will the company pay\?/);
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeFocused();
  await expect(page.getByRole("group", { name: question })).toHaveAccessibleDescription("Error: Select how the company will pay");
  await expectNoSeriousA11yViolations(page);
  await summary.getByRole("link", { name: "Select how the company will pay" }).click();
  await expect(page.getByRole("radio", { name: "By card" })).toBeFocused();

  // By keyboard: choose by invoice and continue to the form for that journey.
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: "By invoice" })).toBeChecked();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/requests\/identity-verification\/?\?journey=PayByInvoice$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Request identity verification");
  await expect(page.getByRole("group", { name: question })).toHaveCount(0);
  await expect(page).toHaveTitle(/^Request identity verification/);
  // The form starts at its first step; "Check your answers" comes before submitting.
  await expect(page.getByTestId("request-step-heading")).toHaveText("Company and service");
  await expect(page.getByTestId("request-step-progress")).toHaveText("Step 1 of 5");
});

test("[PUBLIC] chooses how to pay without JavaScript, keeping the customer code it came with", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto("/requests/identity-verification/?lwdbNumber=LW100245");
    // As a visitor does: click the choice's name. The label's ::after covers the whole card (the
    // radio too), so the click picks the choice by the label's own behaviour, no script needed.
    // (`radio.check()` would wait forever: the label, not the radio, is under the pointer.)
    const existing = page.getByRole("radio", { name: "We are an existing customer" });
    await page.locator("label", { hasText: "We are an existing customer" }).click();
    await expect(existing).toBeChecked();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/requests\/identity-verification\/?\?journey=Existing&lwdbNumber=LW100245$/);
    await expect(page.getByRole("group", { name: question })).toHaveCount(0);

    // An unknown journey asks again, with the error.
    await page.goto("/requests/identity-verification/?journey=Free");
    await expect(page.getByRole("group", { name: question })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("Select how the company will pay");
  } finally {
    await context.close();
  }
});

import { expect, test } from "@playwright/test";
import { demo, expectNoSeriousA11yViolations, requestLinkInBrowser } from "../support/fixtures";

test("[DIRECTOR] signs in with an emailed link and lands on their own details", async ({ page }) => {
  const link = await requestLinkInBrowser(page, { email: demo.director.email.toUpperCase(), reference: "jw4t-8kqm" });
  await page.goto(link);
  await page.getByRole("button", { name: "Continue to sign in" }).click();
  await expect(page).toHaveURL(/\/identity-verification\/individual-details$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(demo.director.name);
  await expect(page.getByText("Awaiting ID info")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  expect((await page.goto("/identity-verification/company-management"))?.status()).toBe(403);
  expect((await page.goto("/administration/audit"))?.status()).toBe(403);
  await page.goto("/identity-verification");
  await expect(page.getByRole("link", { name: "Continue your identity verification" })).toHaveAttribute("href", "/identity-verification/individual-details");
  await expectNoSeriousA11yViolations(page);
});

test("[DIRECTOR] a wrong reference gets the same answer and no email", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email address").fill(demo.director.email);
  await page.getByLabel("Reference number").fill("ZZZZ9999");
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByText("Check your email")).toBeVisible();
  await page.getByRole("button", { name: "Use a different email or reference" }).click();
  await page.getByLabel("Reference number").fill("bad ref!");
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByText("Enter the reference from your invitation email (letters and numbers)")).toBeVisible();
});

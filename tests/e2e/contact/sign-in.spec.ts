import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, requestLinkInBrowser } from "../support/fixtures";
import { seedCompany } from "../support/seed";

test("[CONTACT] signs in with an emailed link, sees only their company, and signs out", async ({ page }) => {
  const company = await seedCompany({ individuals: [{ firstName: "Jamie", lastName: "Walsh" }] });
  const link = await requestLinkInBrowser(page, company.contact);
  await expectNoSeriousA11yViolations(page);

  // The link itself does not sign in: it asks to continue (mail scanners open links).
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Continue to sign in");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Continue to sign in" }).click();

  await expect(page).toHaveURL(/\/identity-verification\/company-management$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(company.name);
  await expect(page.getByRole("banner")).toContainText(company.contact.email);
  await expect(page.getByRole("table")).toContainText(company.individuals[0]!.name);
  await expectNoSeriousA11yViolations(page);

  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === "dvp_session");
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

  // Other roles' pages are closed to a company contact.
  expect((await page.goto("/administration/client-management"))?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forbidden");
  expect((await page.goto("/identity-verification/individual-details"))?.status()).toBe(403);

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Login Error");

  await page.goto("/identity-verification");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/logged-out$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You have signed out");
  expect((await page.goto("/identity-verification/company-management"))?.status()).toBe(401);
});

import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, requestLinkInBrowser } from "../support/fixtures";
import { seedCompany } from "../support/seed";

test("[CONTACT] a page of another role says who is signed in, leads to their own home and signs out", async ({ page }) => {
  const { contact } = await seedCompany({ individuals: ["NotStarted"] });
  const email = contact.email.replace(/[.]/g, "\\.");
  const signedInAs = new RegExp(`^You are signed in as .+ \\(${email}\\), a company contact\\.`);
  const link = await requestLinkInBrowser(page, contact);
  await page.goto(link);
  await page.getByRole("button", { name: "Continue to sign in" }).click();
  await expect(page).toHaveURL(/\/identity-verification\/company-management$/);

  expect((await page.goto("/administration/audit"))?.status()).toBe(403);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Forbidden");
  await expect(page).toHaveTitle(/^Forbidden \|/);
  await expect(main.getByTestId("forbidden-signed-in")).toHaveText(signedInAs);
  await expect(main.getByRole("link", { name: "Go back home" })).toHaveAttribute("href", "/identity-verification/company-management");
  await expect(main.getByRole("link", { name: "Contact support" })).toHaveAttribute("href", "/contact");
  await expectNoSeriousA11yViolations(page);

  // The 403 page of its own says the same, and its Sign out ends the session.
  expect((await page.goto("/errors/un-authorised"))?.status()).toBe(403);
  await expect(main.getByTestId("forbidden-signed-in")).toHaveText(signedInAs);
  await main.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/logged-out$/);
  expect((await page.request.get("/api/user")).status()).toBe(401);

  // Nobody signed in: the plain 403 screen, home is the front door.
  expect((await page.goto("/errors/un-authorised"))?.status()).toBe(403);
  await expect(main.getByTestId("forbidden-signed-in")).toHaveCount(0);
  await expect(main.getByRole("button", { name: "Sign out" })).toHaveCount(0);
  await expect(main.getByRole("link", { name: "Go back home" })).toHaveAttribute("href", "/");
});

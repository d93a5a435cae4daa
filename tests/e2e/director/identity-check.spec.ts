import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, requestLinkInBrowser } from "../support/fixtures";
import { seedIndividual } from "../support/seed";

/*
 * The identity check at the local Yoti simulator, in the browser: the provider's page in the frame,
 * the person's choice there, and the director's page picking up the result by itself (the poll and
 * the webhook race; either way the page moves once). Each test makes the individual it takes
 * through the check (tests/e2e/support/seed.ts).
 */

async function signIn(page: Page, who: { email: string; reference: string }) {
  await page.goto(await requestLinkInBrowser(page, who));
  await page.getByRole("button", { name: "Continue to sign in" }).click();
  await expect(page).toHaveURL(/\/identity-verification\/individual-details$/);
}

const section = (page: Page) => page.getByRole("region", { name: "Check your identity" });
const provider = (page: Page) => page.frameLocator('iframe[title="Identity check at Yoti"]');

/** Starts (or restarts) the check and answers the provider's page with `choice`. */
async function checkAtProvider(page: Page, button: RegExp, choice: string) {
  await section(page).getByRole("button", { name: button }).click();
  await expect(section(page).getByText(/may take a few minutes/)).toBeVisible();
  await expect(section(page).getByRole("link", { name: /open the identity check in a new tab/ })).toHaveAttribute("href", "/api/director-verification/director-verification/at-yoti");
  await provider(page).getByRole("button", { name: choice }).click();
  await expect(provider(page).getByRole("heading", { level: 1 })).toHaveText(/finished|expired/i);
}

test("[DIRECTOR] fails the identity check, tries again with a new session, and is sent to manual review", async ({ page }) => {
  // Details given, the identity check not started.
  await signIn(page, await seedIndividual("DetailsGiven", { firstName: "Colin", lastName: "Frame" }));
  await expect(section(page).getByRole("button", { name: "Start identity check" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await checkAtProvider(page, /^Start identity check$/, "Reject");
  await expect(section(page).getByText("Verification failed. Please try again.")).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousA11yViolations(page);

  await checkAtProvider(page, /^Try again$/, "Manual review");
  await expect(section(page).getByText(/our team is reviewing the result/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Under review").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("[DIRECTOR] starts again after an expired link, lets it expire, passes the check and ends Complete with the personal code", async ({ page }) => {
  // The link of her first check expired before she finished it.
  await signIn(page, await seedIndividual("IDVLinkExpired", { firstName: "Rhian", lastName: "Lewis" }));
  await expect(section(page).getByText(/link expired before the check was finished/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await checkAtProvider(page, /^Start a new identity check$/, "Let the link expire");
  await expect(section(page).getByText(/link expired before the check was finished/)).toBeVisible({ timeout: 20_000 });

  await checkAtProvider(page, /^Start a new identity check$/, "Approve all checks");
  await expect(section(page).getByText("Your identity has been checked.")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Waiting for personal code").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Companies House emails the personal code; she types it as it came, in lower case with spaces.
  await page.getByRole("textbox", { name: "Personal code" }).fill("rl47 kq2x m9t");
  await page.getByRole("button", { name: "Submit personal code" }).click();
  await expect(page.getByText("Complete").first()).toBeVisible();
  await expect(page.getByText("RL47KQ2XM9T")).toHaveCount(0); // shown masked, never in full
  await expectNoSeriousA11yViolations(page);
});

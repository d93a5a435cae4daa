import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, requestLinkInBrowser } from "../support/fixtures";
import { seedIndividual } from "../support/seed";

/*
 * The director's page led by its task list: each task's state, and its link to the section below.
 * Each test signs in as an individual of its own (tests/e2e/support/seed.ts) in the state it shows:
 * nothing given yet, verified with the personal code still to enter (AwaitingAuthCode), and
 * Rejected.
 */

async function signIn(page: Page, who: { email: string; reference: string }) {
  await page.goto(await requestLinkInBrowser(page, who));
  await page.getByRole("button", { name: "Continue to sign in" }).click();
  await expect(page).toHaveURL(/\/identity-verification\/individual-details$/);
}

const tasks = (page: Page) => page.getByRole("region", { name: "Your tasks" });
const task = (page: Page, n: number) => tasks(page).getByRole("listitem").nth(n);

test("[DIRECTOR] sees the task list and follows it", async ({ page }) => {
  await signIn(page, await seedIndividual("NotStarted", { firstName: "Owen", lastName: "Gray" }));
  await expect(tasks(page).getByRole("listitem")).toHaveCount(3);
  await expect(task(page, 0)).toHaveText(/Your details\s*Not started/);
  await expect(task(page, 1)).toHaveText(/Identity check\s*Cannot start yet/);
  await expect(task(page, 2)).toHaveText(/Companies House personal code\s*Cannot start yet/);
  // Tasks that cannot start yet are not links.
  await expect(tasks(page).getByRole("link")).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  const details = tasks(page).getByRole("link", { name: "Your details" });
  await expect(details).toHaveAccessibleDescription("Not started");
  await details.click();
  await expect(page).toHaveURL(/#your-details$/);
  await expect(page.getByRole("heading", { level: 2, name: "Your details" })).toBeInViewport();

  // The check's section says why it is not available yet; step 3 already explains the code.
  await expect(page.getByTestId("identity-check-not-available")).toBeVisible();
  await expect(page.getByTestId("personal-code-not-yet")).toBeVisible();
  await expect(page.getByTestId("personal-code-guidance").getByRole("link", { name: /Verifying your identity for Companies House/ })).toHaveAttribute(
    "href",
    "https://www.gov.uk/guidance/verifying-your-identity-for-companies-house",
  );
});

test("[DIRECTOR] follows the task list to the personal code, learns where it comes from, and the example code is refused", async ({ page }) => {
  await signIn(page, await seedIndividual("AwaitingAuthCode", { firstName: "Elin", lastName: "Cross" }));
  await expect(task(page, 0)).toHaveText(/Your details\s*Completed/);
  await expect(task(page, 1)).toHaveText(/Identity check\s*Completed/);
  await expect(task(page, 2)).toHaveText(/Companies House personal code\s*Not started/);

  await tasks(page).getByRole("link", { name: "Companies House personal code" }).click();
  await expect(page).toHaveURL(/#personal-code$/);
  await expect(page.getByRole("heading", { level: 2, name: "Companies House personal code" })).toBeInViewport();
  const guidance = page.getByTestId("personal-code-guidance");
  await expect(guidance).toContainText("an 11-character code that Companies House gives each person once their identity has been verified");
  await expect(guidance).toContainText("Companies House then sends your personal code to you by email.");
  const gov = guidance.getByRole("link", { name: /Verifying your identity for Companies House/ });
  await expect(gov).toHaveAttribute("target", "_blank");
  await expect(gov).toHaveAttribute("href", "https://www.gov.uk/guidance/verifying-your-identity-for-companies-house");
  await expectNoSeriousA11yViolations(page);

  // The example in the hint is not a code: refused in the browser, and nothing is sent.
  await expect(page.getByText(/like AB12 CD34 EF5/)).toBeVisible();
  let patched = false;
  page.on("request", (r) => {
    if (r.method() === "PATCH" && r.url().endsWith("/api/director-verification/director")) patched = true;
  });
  await page.getByRole("textbox", { name: "Personal code" }).fill("AB12 CD34 EF5");
  await page.getByRole("button", { name: "Submit personal code" }).click();
  await expect(page.getByText("Enter your own personal code, not the example")).toBeVisible();
  expect(patched).toBe(false);
  await expectNoSeriousA11yViolations(page);

  // The server refuses it too.
  const res = await page.request.patch("/api/director-verification/director", {
    headers: { "Content-Type": "application/json-patch+json", Origin: new URL(page.url()).origin },
    data: JSON.stringify([{ op: "replace", path: "/companiesHouseCode", value: "ab12cd34ef5" }]),
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).fields.companiesHouseCode).toEqual(["personalCodeExample"]);
  // Discard the typed example so leaving the page is not held up by the unsaved-changes guard.
  await page.getByRole("textbox", { name: "Personal code" }).fill("");
});

test("[DIRECTOR] sees the identity check rejected, with no attempts left, in the task list and on the page", async ({ page }) => {
  await signIn(page, await seedIndividual("Rejected", { firstName: "Geraint", lastName: "Rees" }));
  await expect(task(page, 1)).toHaveText(/Identity check\s*Rejected/);
  await expect(task(page, 2)).toHaveText(/Companies House personal code\s*Cannot start yet/);
  await tasks(page).getByRole("link", { name: "Identity check" }).click();
  await expect(page).toHaveURL(/#identity-check$/);
  const section = page.getByRole("region", { name: "Check your identity" });
  await expect(section).toBeInViewport();
  await expect(section.getByText("We could not verify your identity")).toBeVisible();
  await expect(section.getByTestId("identity-check-attempts-left")).toHaveText("You have no attempts left at the identity check.");
  await expectNoSeriousA11yViolations(page);
});

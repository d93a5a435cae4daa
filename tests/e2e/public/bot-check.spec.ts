import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/fixtures";

// The bot check in the browser, against the reCAPTCHA simulator the end-to-end set-up starts: the
// page loads its script with the site key and language, executes with the form's action on submit,
// and the server assesses the token.

// Nobody's: the answer is the same as for a match, and no demo person's links are disturbed (a new
// link ends the older ones) while other specs sign in.
const nobody = { email: "nobody.bot-check@example.com", reference: "ZZZZ2222" };

/** The console warnings of the page from now on. */
function warnings(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "warning") seen.push(m.text());
  });
  return seen;
}

test("[PUBLIC] the sign-in form loads the bot check and sends a token made for its action", async ({ page }) => {
  await page.goto("/login");
  // Loaded once the page is interactive, with the site key, the language and the enterprise API.
  await expect(page.locator('script[src*="/recaptcha/enterprise.js?render="][src*="hl=en-GB"]')).toHaveCount(1);
  await page.getByLabel("Email address").fill(nobody.email);
  await page.getByLabel("Reference number").fill(nobody.reference);
  const tokenRequest = page.waitForRequest((r) => r.url().endsWith("/recaptcha/enterprise/token"));
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/send-link"));
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  expect((await tokenRequest).postDataJSON()).toMatchObject({ action: "send_link" });
  // A token of the simulator's own (signed, single-use), not the fixed test token.
  expect((await sent).postDataJSON()).toMatchObject({ email: nobody.email, captchaToken: expect.stringMatching(/^sim1\./) });
  await expect(page.getByText("Check your email")).toBeVisible();
});

test("[PUBLIC] a failed bot check on the contact form says so and keeps what was typed", async ({ page }) => {
  // The simulator scores this visitor as a bot.
  await page.route("**/recaptcha/enterprise/token", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", headers: { "Access-Control-Allow-Origin": "*" }, body: JSON.stringify({ token: "test-fail" }) }),
  );
  await page.goto("/contact");
  await page.getByLabel("Your name").fill("Harriet Lowe");
  await page.getByLabel("Email address").fill("harriet.lowe@example.co.uk");
  await page.getByLabel("How can we help?").fill("Testing the bot check.");
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/new-enquiry"));
  await page.getByRole("button", { name: "Send message" }).click();
  expect((await answer).status()).toBe(400);
  await expect(page.getByRole("alert").filter({ hasText: "Verification failed. Please try again." })).toBeVisible();
  await expect(page.getByLabel("How can we help?")).toHaveValue("Testing the bot check.");
  await expectNoSeriousA11yViolations(page);
});

test("[PUBLIC] when the bot check's script cannot load, the page warns and sign-in answers 'Verification failed'", async ({ page }) => {
  const seen = warnings(page);
  await page.route("**/recaptcha/enterprise.js*", (route) => route.abort());
  await page.goto("/login");
  await page.getByLabel("Email address").fill(nobody.email);
  await page.getByLabel("Reference number").fill(nobody.reference);
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/send-link"));
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  expect((await sent).postDataJSON().captchaToken).toBeUndefined();
  await expect(page.getByRole("alert").filter({ hasText: "Verification failed. Please try again." })).toBeVisible();
  expect(seen.some((w) => w.includes("[bot check] the reCAPTCHA script could not be loaded"))).toBe(true);
  await expect(page.getByLabel("Email address")).toHaveValue(nobody.email);
});

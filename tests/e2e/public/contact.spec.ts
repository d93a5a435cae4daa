import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, waitForEmail } from "../support/fixtures";

test("[PUBLIC] sends a support enquiry, with field errors first", async ({ page }) => {
  await page.goto("/contact");
  await page.getByRole("button", { name: "Send message" }).click();
  // The error summary takes the focus and links each problem to its field.
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link")).toHaveText(["Enter your name", "Enter your email address", "Enter how we can help"]);
  await expect(page.getByLabel("Your name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Your name")).toHaveAccessibleDescription("Error: Enter your name");
  await summary.getByRole("link", { name: "Enter your email address" }).click();
  await expect(page.getByLabel("Email address")).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Your name").fill("Harriet Lowe");
  await page.getByLabel("Email address").fill("not-an-email");
  await page.getByLabel("How can we help?").fill("My co-director has not received an invitation.");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByLabel("Email address")).toHaveAccessibleDescription(/Enter your email address in the correct format, like name@example.com/);

  const since = Date.now();
  await page.getByLabel("Email address").fill("harriet.lowe@example.co.uk");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Thank you, your message has been sent")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const mail = await waitForEmail("support@localhost", /Support enquiry .* from Harriet Lowe/, 15_000, since);
  expect(mail.text).toContain("My co-director has not received an invitation.");
  expect(mail.text).toContain("Authorised Corporate Service Provider");
});

test("[PUBLIC] the contact form tells the person when sending fails", async ({ page }) => {
  await page.route("**/api/new-enquiry", (route) => route.fulfill({ status: 500, body: "{}" }));
  await page.goto("/contact");
  await page.getByLabel("Your name").fill("Harriet Lowe");
  await page.getByLabel("Email address").fill("harriet.lowe@example.co.uk");
  await page.getByLabel("How can we help?").fill("Testing the error state.");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your message could not be sent" })).toBeVisible();
  await expect(page.getByLabel("Your name")).toHaveValue("Harriet Lowe");
});

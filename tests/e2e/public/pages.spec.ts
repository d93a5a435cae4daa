import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/fixtures";

const pages = [
  { path: "/", status: 200, heading: "Identity verification for company directors" },
  { path: "/login", status: 200, heading: "Sign in" },
  { path: "/contact", status: 200, heading: "Contact support" },
  { path: "/errors/un-authenticated", status: 401, heading: "Unauthorized" },
  { path: "/errors/un-authorised", status: 403, heading: "Forbidden" },
  { path: "/no-such-page", status: 404, heading: "Page not found" },
  { path: "/login/error", status: 200, heading: "Login Error" },
  { path: "/logged-out", status: 200, heading: "You have signed out" },
  { path: "/dev/mailbox", status: 200, heading: "Development mailbox" },
  { path: "/identity-verification", status: 401, heading: "Unauthorized" },
  { path: "/administration/client-management", status: 401, heading: "Unauthorized" },
];

for (const { path, status, heading } of pages) {
  test(`[PUBLIC] ${path} answers ${status} with the chrome and passes axe`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()}`);
    await expectNoSeriousA11yViolations(page);
  });
}

test("[PUBLIC] the footer's external links open in a new tab safely and say so", async ({ page }) => {
  await page.goto("/contact");
  const footer = page.getByRole("contentinfo");
  for (const name of [/Data processing policy/, /Terms of service/]) {
    const link = footer.getByRole("link", { name });
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(link).toContainText("(opens in new tab)");
  }
  await expect(footer.getByRole("link", { name: "Contact support" })).toHaveAttribute("href", "/contact");
  await expect(footer).toContainText("Authorised Corporate Service Provider");
  await expect(footer).toContainText("company number");
});

test("[PUBLIC] the error screens offer the spec's actions", async ({ page }) => {
  await page.goto("/errors/un-authenticated");
  await expect(page.getByText("You are not authorized to access this page.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
  await expect(page.getByRole("main").getByRole("link", { name: "Contact support" })).toHaveAttribute("href", "/contact");
  await page.goto("/login/error");
  await expect(page.getByText("An error occurred while trying to login.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Try Again" })).toHaveAttribute("href", "/login");
  await expect(page.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
});

test("[PUBLIC] the skip link is the first stop and moves to the main content", async ({ page }) => {
  await page.goto("/login");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("#main-content")).toBeFocused();
});

test("[PUBLIC] pages fit a 320 px screen without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of ["/", "/login", "/contact", "/errors/un-authorised", "/requests/identity-verification/"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test("[PUBLIC] / is the front door for a visitor and /redirect only follows paths on this site", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole("link", { name: "Request identity verification" })).toHaveAttribute("href", "/requests/identity-verification");
  await page.goto("/redirect?path=/contact");
  await expect(page).toHaveURL(/\/contact$/);
  await page.goto("/redirect?path=//example.com/phish");
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Identity verification for company directors");
});

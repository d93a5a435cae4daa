import { expect, test, type Page } from "@playwright/test";
import { human, expectNoSeriousA11yViolations, demoTestUser } from "../support/fixtures";
import { seedIndividual } from "../support/seed";

// The notification bell in the admin header. The e2e database is shared with other specs: this one
// adds its own notifications (through the contact form's API) and marks only those read.

function bell(page: Page) {
  return page.getByRole("button", { name: /^Notifications(, (\d+|none) unread)?$/ });
}

async function unreadCount(page: Page): Promise<number> {
  await expect(bell(page)).toHaveAccessibleName(/unread/);
  const name = (await bell(page).getAttribute("aria-label")) ?? "";
  return name.includes("none") ? 0 : Number(name.match(/(\d+) unread/)![1]);
}

async function newEnquiry(page: Page, name: string) {
  const res = await page.request.post("/api/new-enquiry", {
    data: { ...human, name, email: "bell.tester@example.com", description: "Created by the notification bell end-to-end test." },
  });
  expect(res.status()).toBe(201);
}

test.beforeEach(async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ "test-user": demoTestUser.admin });
});

test("[ADMIN] sees the unread count, opens the notifications and marks one read", async ({ page }) => {
  const name = `Bell Tester ${Date.now()}`;
  await newEnquiry(page, name);
  await page.goto("/administration");
  const before = await unreadCount(page);
  expect(before).toBeGreaterThan(0);
  await expect(page.locator("header").getByText(String(before > 49 ? "50+" : before), { exact: true })).toBeVisible();

  await bell(page).click();
  await expect(bell(page)).toHaveAttribute("aria-expanded", "true");
  const panel = page.getByRole("region", { name: "Notifications", exact: true });
  await expect(panel).toBeVisible();
  const item = panel.getByRole("listitem").filter({ hasText: `New support enquiry from ${name}` });
  await expect(item).toContainText("Unread:");
  await expectNoSeriousA11yViolations(page);

  await item.getByRole("button", { name: `Mark as read: New support enquiry from ${name}` }).click();
  await expect(item).not.toContainText("Unread:");
  await expect(bell(page)).toHaveAccessibleName(before - 1 === 0 ? "Notifications, none unread" : `Notifications, ${before - 1} unread`);

  // Escape closes the panel and gives focus back to the bell.
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(bell(page)).toBeFocused();

  // It stays read after a reload.
  await page.reload();
  await bell(page).click();
  await expect(page.getByRole("region", { name: "Notifications", exact: true }).getByRole("listitem").filter({ hasText: `New support enquiry from ${name}` })).not.toContainText("Unread:");
});

test("[ADMIN] links a notification to its record", async ({ page }) => {
  await page.goto("/administration");
  await bell(page).click();
  const panel = page.getByRole("region", { name: "Notifications", exact: true });
  const open = panel.getByRole("link", { name: /^Open: / }).first();
  await expect(open).toHaveAttribute("href", /^\/administration\//);
});

test("[ADMIN] is told of a new notification with a toast at the top", async ({ page }) => {
  await page.clock.install();
  await page.goto("/administration");
  await unreadCount(page); // first poll done: what exists now is not "new"
  const name = `Toast Tester ${Date.now()}`;
  await newEnquiry(page, name);
  await page.clock.runFor(31_000);
  const toaster = page.locator('[data-sonner-toaster][data-y-position="top"]');
  await expect(toaster.getByText(`New support enquiry from ${name}`)).toBeVisible();
});

test("[DIRECTOR] has no notification bell", async ({ page }) => {
  const director = await seedIndividual("NotStarted");
  await page.context().setExtraHTTPHeaders({ "test-user": `DV_Director:${director.email}:${director.reference}` });
  await page.goto("/identity-verification");
  await expect(page.getByRole("button", { name: /^Notifications/ })).toHaveCount(0);
});

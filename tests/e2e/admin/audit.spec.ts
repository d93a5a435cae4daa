import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, demoTestUser } from "../support/fixtures";

// The audit area (/administration/audit): filters and page in the URL, errors easy to find, a
// readable diff per entry. Reads the shared demo data only.

test.beforeEach(async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ "test-user": demoTestUser.admin });
});

test("[ADMIN] reads the audit trail, newest first, with a readable diff", async ({ page }) => {
  await page.goto("/administration/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Audit trail" })).toHaveAttribute("aria-current", "page");
  const entries = page.locator("main ol > li > article");
  await expect(entries.first()).toBeVisible();
  expect(await entries.count()).toBe(25);
  await expect(page.getByText(/^Showing 1–25 of \d+$/)).toBeVisible();

  const times = await entries.locator("time").evaluateAll((els) => els.map((e) => Date.parse(e.getAttribute("datetime")!)));
  expect([...times].sort((a, b) => b - a)).toEqual(times);
  await expectNoSeriousA11yViolations(page);
});

test("[ADMIN] filters the audit trail by type, entity and date, and pages through it", async ({ page }) => {
  await page.goto("/administration/audit");
  await page.getByLabel("Audit type").selectOption({ label: "Client modified" });
  await page.getByLabel("Entries per page").selectOption("10");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/auditType=ClientModified/);
  await expect(page).toHaveURL(/pageSize=10/);
  const entries = page.locator("main ol > li > article");
  await expect(entries.first()).toBeVisible();
  const badges = await entries.getByText("Client modified", { exact: true }).count();
  expect(badges).toBe(await entries.count());
  // No type or field by its code name.
  await expect(entries.getByText("ClientModified")).toHaveCount(0);

  // The status change of a demo client reads as a sentence, with statuses by label, and a field-by-field diff.
  const statusChange = entries.filter({ has: page.getByRole("heading", { name: /^Status of .+ changed from .+ to .+/ }) }).first();
  await expect(statusChange.getByRole("heading")).not.toContainText(/InProgress|PaymentPending|Changed status/);
  const diff = statusChange.getByRole("table");
  await expect(diff.getByRole("columnheader", { name: "Before" })).toBeVisible();
  await expect(diff.getByRole("columnheader", { name: "After" })).toBeVisible();
  await expect(diff.getByRole("rowheader", { name: /status\s*changed/ })).toBeVisible();
  // The entity links to the client's page.
  await expect(statusChange.locator('a[href^="/administration/client-management/"]').first()).toHaveAttribute("href", /^\/administration\/client-management\/\d+$/);

  // Filters survive paging.
  const next = page.getByRole("link", { name: "Next page" });
  if (await next.count()) {
    await next.click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/auditType=ClientModified/);
    await expect(page.getByLabel("Audit type")).toHaveValue("ClientModified");
  }

  // One entity's history.
  await page.goto("/administration/audit?entityType=Client");
  await expect(page.getByLabel("Entity", { exact: true })).toHaveValue("Client");
  const first = page.locator("main ol > li > article").first();
  await first.getByRole("link", { name: /^Show only the history of / }).click();
  await expect(page).toHaveURL(/entityType=Client&entityId=\d+/);
  await expect(page.getByLabel("Entity id")).not.toHaveValue("");

  // A date range in the future finds nothing and says so.
  await page.goto("/administration/audit?from=2099-01-01&to=2099-12-31");
  await expect(page.getByText("No audit entries match these filters.")).toBeVisible();
  await expect(page.getByLabel("From date")).toHaveValue("2099-01-01");
  await expectNoSeriousA11yViolations(page);
});

test("[ADMIN] finds integration errors in one step, marked in words", async ({ page }) => {
  await page.goto("/administration/audit");
  await page.getByRole("link", { name: "Errors only" }).click();
  await expect(page).toHaveURL(/auditType=errors/);
  await expect(page.getByLabel("Audit type")).toHaveValue("errors");
  const entries = page.locator("main ol > li > article");
  await expect(entries.first()).toBeVisible();
  const count = await entries.count();
  expect(count).toBeGreaterThan(0);
  expect(await entries.filter({ hasText: "Error:" }).count()).toBe(count);
  // The type in words, never its code name (the accounting system's errors of the demo data, by type:
  // on the first page of every error only while no other spec has written newer ones).
  expect(await entries.filter({ hasText: "SageError" }).count()).toBe(0);
  await page.getByLabel("Audit type").selectOption("SageError");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/auditType=SageError/);
  await expect(entries.filter({ hasText: /Error:\s*Accounting system error/ }).first()).toBeVisible();
  expect(await entries.filter({ hasText: "SageError" }).count()).toBe(0);
  await expectNoSeriousA11yViolations(page);
});

test("[ADMIN] is told when a filter is not valid", async ({ page }) => {
  await page.goto("/administration/audit?from=2021-02-30&pageSize=7000");
  await expect(page.getByRole("alert").filter({ hasText: "Some filters are not valid" })).toBeVisible();
  await expect(page.getByText("Enter a real date")).toBeVisible();
  await expect(page.getByText("Choose or enter a valid value")).toBeVisible();
});

test("[ADMIN] sees sign-ins and access events in the second view", async ({ page }) => {
  await page.goto("/administration/audit?view=security");
  await expect(page.getByRole("link", { name: "Sign-ins and access" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByLabel("Event")).toBeVisible();
  // The events, or the table's empty-state row when there are none.
  const events = page.getByRole("table", { name: "Security events, newest first" });
  await expect(events.locator("tbody tr").first()).toContainText(/\S/);
  await expectNoSeriousA11yViolations(page);
});

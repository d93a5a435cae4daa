import { expect, test, type Page } from "@playwright/test";
import { demoTestUser, expectNoSeriousA11yViolations } from "../support/fixtures";

// The client list against the demo data (six clients), which no spec changes (the global teardown
// checks it). Other specs add companies of their own, under names of their own, as these tests run:
// counts are exact only for searches by a demo name.

const PATH = "/administration/client-management";

test.beforeEach(async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ "test-user": demoTestUser.admin });
});

const results = (page: Page) => page.getByRole("table");
const summary = (page: Page) => page.getByRole("status").filter({ hasText: /Showing|No results/ });
const params = (page: Page) => new URL(page.url()).searchParams;

/** Waits until the URL carries these search parameters (and the new results have loaded). */
async function urlHas(page: Page, expected: Record<string, string | null>) {
  await expect
    .poll(() => {
      const p = params(page);
      return Object.fromEntries(Object.keys(expected).map((k) => [k, p.get(k)]));
    })
    .toEqual(expected);
  await expect(page.getByRole("region", { name: "Search results" })).not.toHaveAttribute("aria-busy", "true");
}

test("[ADMIN] finds a client by global search", async ({ page }) => {
  await page.goto(PATH);
  await expect(page.getByRole("heading", { level: 1, name: "Client management" })).toBeVisible();
  await expect(summary(page)).toHaveText(/Showing 1–\d+ of \d+ clients/);

  const search = page.getByRole("searchbox", { name: "Search" });
  await search.fill("hartwell");
  await urlHas(page, { globalSearch: "hartwell", currentPage: null });
  // The demo's Hartwell, and any company another spec filed under the name (the company lookup's).
  await expect(summary(page)).toHaveText(/^Showing 1–\d+ of \d+ clients?$/);
  await expect(results(page).getByRole("link", { name: "Hartwell Holdings Ltd", exact: true })).toBeVisible();
  await expect(results(page).locator("tbody tr").filter({ hasNotText: /hartwell/i })).toHaveCount(0);

  // By a director's email too (the client of the director is found).
  await search.fill("james.whitaker@");
  await urlHas(page, { globalSearch: "james.whitaker@" });
  await expect(results(page).getByRole("link", { name: "Hartwell Holdings Ltd", exact: true })).toBeVisible();

  await results(page).getByRole("link", { name: "Hartwell Holdings Ltd", exact: true }).click();
  await expect(page).toHaveURL(/\/administration\/client-management\/\d+$/);
});

test("[ADMIN] opens a client from the results without prefetching the clients in view", async ({ page }) => {
  // Prefetching made one server render of a client page (auth check and queries) per row in view.
  const clientPages: string[] = [];
  page.on("request", (request) => {
    if (/^\/administration\/client-management\/\d+/.test(new URL(request.url()).pathname)) clientPages.push(request.url());
  });
  await page.goto(PATH);
  await expect(summary(page)).toHaveText(/Showing 1–\d+ of \d+ clients/);
  await page.waitForLoadState("networkidle");
  await results(page).getByRole("link").first().hover();
  await page.waitForLoadState("networkidle");
  expect(clientPages).toEqual([]);

  await results(page).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/administration\/client-management\/\d+$/);
  await expect(page.getByRole("link", { name: "Back to client management" })).toBeVisible();
  expect(clientPages.length).toBeGreaterThan(0);
});

test("[ADMIN] shows 'No results found' for a search without results", async ({ page }) => {
  await page.goto(`${PATH}?globalSearch=no-such-client-anywhere`);
  await expect(page.getByText("No results found").first()).toBeVisible();
  await expect(results(page)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test("[ADMIN] sorts by a column header and keeps the sort in the URL", async ({ page }) => {
  await page.goto(PATH);
  const header = page.getByRole("columnheader", { name: /^Client/ });
  await expect(page.getByRole("columnheader", { name: /^Created/ })).toHaveAttribute("aria-sort", "descending");
  await expect(header).toHaveAttribute("aria-sort", "none");

  await header.getByRole("button").click();
  await urlHas(page, { sortBy: "name", sortDirection: "asc" });
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  const names = async () => (await results(page).locator("tbody tr td:first-child").allInnerTexts()).map((s) => s.trim());
  const sorted = (list: string[], direction: 1 | -1) => list.every((name, i) => i === 0 || direction * list[i - 1]!.localeCompare(name, "en-GB") <= 0);
  // Polled: the header can say the new order a moment before the rows arrive in it.
  await expect.poll(async () => sorted(await names(), 1)).toBe(true);
  const asc = await names();

  await header.getByRole("button").click();
  await urlHas(page, { sortBy: "name", sortDirection: null });
  await expect(header).toHaveAttribute("aria-sort", "descending");
  // Not the ascending page reversed: other specs add clients meanwhile, and a first page of many
  // holds different clients each way.
  await expect.poll(async () => sorted(await names(), -1) && (await names())[0] !== asc[0]).toBe(true);

  await page.reload();
  await expect(page.getByRole("columnheader", { name: /^Client/ })).toHaveAttribute("aria-sort", "descending");
});

test("[ADMIN] pages through the results and changes the page size", async ({ page }) => {
  await page.goto(PATH);
  await page.getByLabel("Rows per page").selectOption("10");
  await urlHas(page, { pageSize: "10", currentPage: null });

  await page.goto(`${PATH}?pageSize=2`);
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  const pages = Number((await page.getByText(/^Page 1 of \d+$/).innerText()).split(" of ")[1]);
  expect(pages).toBeGreaterThanOrEqual(3);
  await expect(page.getByRole("button", { name: "Previous page" })).toBeDisabled();

  await page.getByRole("button", { name: "Next page" }).click();
  await urlHas(page, { currentPage: "2", pageSize: "2" });
  // Other specs add companies of their own meanwhile: the page count only grows.
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(summary(page)).toHaveText(/^Showing 3–4 of \d+ clients$/);

  await page.getByRole("button", { name: "Previous page" }).click();
  await urlHas(page, { currentPage: null });
  await expect(summary(page)).toHaveText(/^Showing 1–2 of \d+ clients$/);

  // A page past the end answers with no rows and a way back, to the last page.
  await page.goto(`${PATH}?pageSize=2&currentPage=500`);
  await expect(summary(page)).toHaveText(/^No results on page 500/);
  await page.getByRole("button", { name: "Previous page" }).click();
  await expect.poll(() => params(page).get("currentPage")).not.toBe("500");
  const last = params(page).get("currentPage");
  expect(Number(last)).toBeGreaterThanOrEqual(pages);
  // The last page when it was asked for: another spec may have added a company since.
  const shown = page.getByText(new RegExp(`^Page ${last} of \\d+$`));
  await expect(shown).toBeVisible();
  expect(Number((await shown.innerText()).split(" of ")[1])).toBeGreaterThanOrEqual(Number(last));
  await expect(results(page)).toBeVisible();
});

test("[ADMIN] switches to individuals and filters by status tab", async ({ page }) => {
  await page.goto(PATH);
  await page.getByRole("button", { name: "Waiting for payment" }).click();
  await urlHas(page, { status: "PaymentPending" });
  await expect(page.getByRole("button", { name: /^Waiting for payment/ })).toHaveAttribute("aria-pressed", "true");
  await expect(results(page).getByRole("link", { name: "Northgate Property Services Ltd", exact: true })).toBeVisible();
  // The demo's unpaid card request, and any other spec's waiting for its payment.
  await expect(summary(page)).toHaveText(/^Showing 1–\d+ of \d+ clients?$/);
  await expect(results(page).locator("tbody tr").filter({ hasNotText: "Waiting for payment" })).toHaveCount(0);

  await page.getByRole("button", { name: "Individuals", exact: true }).click();
  await urlHas(page, { tableViewMode: "individual", status: null });
  await expect(page.getByRole("button", { name: "Individuals", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(summary(page)).toHaveText(/individuals?$/);
  await expect(page.getByRole("columnheader", { name: /^Individual/ })).toBeVisible();
  // Each row an individual, by name (the demo's among every spec's own: found by searching).
  await page.getByRole("searchbox", { name: "Search" }).fill("whitaker");
  await urlHas(page, { globalSearch: "whitaker" });
  await expect(results(page).getByRole("link", { name: "James Whitaker", exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: /^Waiting for details and identity check/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Back in the client view, a director column sort is not kept.
  await page.getByRole("columnheader", { name: /^Individual/ }).getByRole("button").click();
  await urlHas(page, { sortBy: "directorName" });
  await page.getByRole("button", { name: "Clients", exact: true }).click();
  await urlHas(page, { tableViewMode: null, sortBy: null });
});

test("[ADMIN] filters with the filters panel", async ({ page }) => {
  await page.goto(PATH);
  await page.locator("summary", { hasText: "Filters" }).click();
  const form = page.getByRole("form", { name: "Filters" });
  await form.getByLabel("Service").selectOption({ label: "One-off solution" });
  await form.getByLabel("From (£)").first().fill("abc");
  await form.getByRole("button", { name: "Apply filters" }).click();
  await expect(form.getByText("Enter an amount in pounds, such as 65 or 65.50")).toBeVisible();
  await form.getByLabel("From (£)").first().fill("");
  await form.getByRole("button", { name: "Apply filters" }).click();
  await urlHas(page, { productTier: "OneOff" });
  await expect(results(page).getByRole("link", { name: "Calder & Finch Consulting Ltd", exact: true })).toBeVisible();
  await expect(results(page).getByRole("link", { name: "Hartwell Holdings Ltd", exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Survives a reload, with the panel open and the field showing the filter.
  await page.reload();
  await expect(page.getByRole("form", { name: "Filters" }).getByLabel("Service")).toHaveValue("OneOff");
  await page.getByRole("button", { name: "Clear filters" }).click();
  await urlHas(page, { productTier: null });
  await expect(results(page).getByRole("link", { name: "Hartwell Holdings Ltd", exact: true })).toBeVisible();
});

test("[ADMIN] restores the whole search from the URL after a reload", async ({ page }) => {
  const query = "tableViewMode=individual&globalSearch=hartwell&sortBy=directorName&sortDirection=asc&pageSize=2&currentPage=2";
  await page.goto(`${PATH}?${query}`);
  const check = async () => {
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("hartwell");
    await expect(page.getByRole("button", { name: "Individuals", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("columnheader", { name: /^Individual/ })).toHaveAttribute("aria-sort", "ascending");
    await expect(page.getByLabel("Rows per page")).toHaveValue("2");
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await expect(summary(page)).toHaveText(/^Showing 3–4 of \d+ individuals$/);
  };
  await check();
  await page.reload();
  await check();
  expect(new URL(page.url()).search).toBe(`?${query}`);
});

test("[ADMIN] ignores invalid search parameters and says so", async ({ page }) => {
  await page.goto(`${PATH}?sortBy=password&pageSize=1000&name=Hartwell`);
  await expect(page.getByText("Some search settings in the address were not valid and have been ignored.")).toBeVisible();
  await expect(summary(page)).toHaveText(/^Showing 1–\d+ of \d+ clients?$/);
  await expect(results(page).getByRole("link", { name: "Hartwell Holdings Ltd", exact: true })).toBeVisible();
});

test("[ADMIN] works with the keyboard alone", async ({ page }) => {
  await page.goto(PATH);
  const search = page.getByRole("searchbox", { name: "Search" });
  await search.focus();
  await page.keyboard.type("calder");
  await page.keyboard.press("Enter");
  await urlHas(page, { globalSearch: "calder" });
  await expect(summary(page)).toHaveText(/^Showing 1–\d+ of \d+ clients?$/);

  const sortButton = page.getByRole("columnheader", { name: /^Reference/ }).getByRole("button");
  await sortButton.focus();
  await page.keyboard.press("Enter");
  await urlHas(page, { sortBy: "reference", sortDirection: "asc" });
  await expect(sortButton).toBeFocused();

  const link = results(page).getByRole("link", { name: "Calder & Finch Consulting Ltd", exact: true });
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/administration\/client-management\/\d+$/);
});

test("[ADMIN] fits a 320 px wide screen: each result is a card", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto(PATH);
  await expect(results(page)).toBeVisible();
  // Nothing makes the page scroll sideways, nor the table's own box: each result is a card.
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(320);
  await page.locator("summary", { hasText: "Filters" }).click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const box = page.getByRole("region", { name: /^Clients, sorted by/ });
  const scroll = await box.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth);
  // Each value under its column's name; the sort buttons stay, above the cards.
  const first = results(page).getByRole("row").nth(1);
  await expect(first.getByRole("cell").nth(1)).toHaveAttribute("data-label", "Reference");
  const last = (await first.getByRole("cell").last().boundingBox())!;
  expect(last.x + last.width).toBeLessThanOrEqual(320);
  await expect(page.getByRole("columnheader", { name: /^Reference/ }).getByRole("button")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

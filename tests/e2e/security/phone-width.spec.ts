import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { expectNoSeriousA11yViolations, demoTestUser } from "../support/fixtures";
import { continueTo, fillIndividual, stepHeading } from "../support/request-form";
import { seedCompany, seedIndividual, type Person } from "../support/seed";

/*
 * Every page of every role on a phone: 390 × 844 (an iPhone 12 to 15). Nothing may be wider than
 * the screen: the page does not scroll sideways, nothing sticks out to the left, and no table
 * scrolls inside its own box either (below 640 px tables are stacked cards). Each page is attached
 * as a full-page screenshot. The signed-in pages are those of a company and individuals of the
 * spec's own (tests/e2e/support/seed.ts); the dialogs opened are closed unsent.
 */

// Its tests seed their own data and share nothing: they run on both workers at once, so that the
// run's longest spec (last in name order) does not leave one worker idle at the end.
test.describe.configure({ mode: "parallel" });

const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 } });

/** Acts as a company contact or a director (the test-user header the end-to-end server accepts). */
async function actAs(page: Page, type: "DV_CompanyContact" | "DV_Director", who: Person) {
  await page.context().setExtraHTTPHeaders({ "test-user": `${type}:${who.email}:${who.reference}` });
}

async function actAsAdmin(page: Page) {
  await page.context().setExtraHTTPHeaders({ "test-user": demoTestUser.admin });
}

/** What sticks out of the screen, and which tables scroll inside their box (none should). */
function measure() {
  const width = document.documentElement.clientWidth;
  const describe = (el: Element) => {
    const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 3).join(".")}` : "";
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${cls} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
  };
  /** Inside a box that clips or scrolls its content (judged there), or drawn only for screen readers. */
  const clipped = (el: Element) => {
    // Drawn only for screen readers (the skip link until it is focused): clipped to nothing.
    const own = getComputedStyle(el);
    if ((own.clip && own.clip !== "auto") || own.clipPath !== "none") return true;
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const style = getComputedStyle(p);
      if (style.overflowX !== "visible" || style.clipPath !== "none") return true;
    }
    return false;
  };
  const sticking: string[] = [];
  for (const el of document.body.querySelectorAll("*")) {
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) continue;
    if ((rect.right > width + 0.5 || rect.left < -0.5) && !clipped(el)) sticking.push(describe(el));
  }
  const scrollingTables = [...document.querySelectorAll("table")]
    .map((t) => t.parentElement!)
    .filter((box) => box.scrollWidth > box.clientWidth + 1)
    .map(describe);
  return { scrollWidth: document.documentElement.scrollWidth, sticking: sticking.slice(0, 8), scrollingTables };
}

/** Checks the page as it is now fits the phone's width, attaches its screenshot, and runs axe. */
async function expectFits(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => document.fonts.ready);
  const found = await page.evaluate(measure);
  // The whole page, unless it is very long (the development mailbox after a whole run).
  const fullPage = (await page.evaluate(() => document.documentElement.scrollHeight)) <= 12_000;
  await testInfo.attach(`${name} at ${WIDTH} px`, { body: await page.screenshot({ fullPage }), contentType: "image/png" });
  // Soft: the test still fails, but goes on to the next page, so one run names every page that does not fit.
  expect.soft(found.sticking, `${name}: elements outside the screen`).toEqual([]);
  expect.soft(found.scrollingTables, `${name}: tables scrolling sideways`).toEqual([]);
  expect.soft(found.scrollWidth, `${name}: page width`).toBeLessThanOrEqual(WIDTH);
  await expectNoSeriousA11yViolations(page);
}

/** Opens a page and waits for its main heading (a page answers with one h1). */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
}

test("[PUBLIC] every page fits a 390 px screen", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const bogusToken = "A".repeat(43);
  const pages: [string, string][] = [
    ["Front door", "/"],
    ["Sign in", "/login"],
    // Without an error the page goes straight on to single sign-on; after a failed attempt it waits.
    ["Staff sign in", "/admin/login?error=OAuthCallback"],
    ["Contact support", "/contact"],
    ["Signed out", "/logged-out"],
    ["Not signed in", "/errors/un-authenticated"],
    ["Not allowed", "/errors/un-authorised"],
    ["Sign-in error", "/login/error"],
    ["Request: how the company pays", "/requests/identity-verification/"],
    ["Request: invoice", "/requests/identity-verification/?journey=PayByInvoice"],
    ["Request: card", "/requests/identity-verification/?journey=PayByCard"],
    ["Request: existing customer", "/requests/identity-verification/?journey=Existing&companyName=Ashcombe%20Engineering%20Ltd&lwdbNumber=LW100245"],
    ["Request submitted", "/requests/identity-verification/submitted?reference=HWH7K2QP&held=1"],
    ["Card payment not found", "/requests/identity-verification/cs_test_doesnotexist000000"],
    ["Continue a request: bad link", `/requests/identity-verification/continue/${bogusToken}`],
    ["Sign-in link: bad link", `/login/continue/${bogusToken}`],
    ["Confirm email: bad link", `/confirm-email/${bogusToken}`],
    ["Email confirmed", "/confirm-email/result?outcome=confirmed"],
    ["Page not found", "/no-such-page-anywhere"],
    ["Mailbox (development)", "/dev/mailbox"],
  ];
  for (const [name, path] of pages) {
    await visit(page, path);
    await expectFits(page, testInfo, name);
  }
  // The request form's steps: the first with its error summary, then each step and Check your
  // answers as an existing customer fills them in (prefilled from the demo record; never submitted).
  await visit(page, "/requests/identity-verification/?journey=PayByInvoice");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
  await expectFits(page, testInfo, "Request: company and service, with errors");
  await visit(page, "/requests/identity-verification/?journey=Existing&companyName=Ashcombe%20Engineering%20Ltd&lwdbNumber=LW100245");
  await expect(page.getByText("Form filled in from your customer record")).toBeVisible();
  await expect(stepHeading(page)).toHaveText("Company and service");
  await page.getByLabel(/One-off solution/).check();
  await continueTo(page, "Individuals");
  await fillIndividual(page, 0, "Frank Director", "frank.director.with.a.long.address@ashcombe-engineering.example");
  await expectFits(page, testInfo, "Request: individuals");
  for (const step of ["Contacts", "Billing and VAT", "Check your answers"] as const) {
    await continueTo(page, step);
    await expectFits(page, testInfo, `Request: ${step}`);
  }

  // One captured email, as the mailbox shows it (long addresses and links).
  await page.goto("/dev/mailbox");
  const first = page.getByRole("table").getByRole("link").first();
  if (await first.count()) {
    await first.click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectFits(page, testInfo, "Mailbox: one email");
  }
});

test("[CONTACT] every page fits a 390 px screen", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const company = await seedCompany({ name: "Phone", individuals: [{ firstName: "Jamie", lastName: "Walsh" }, "UnderReview", "Complete"] });
  const jamie = company.individuals[0]!.name;
  await actAs(page, "DV_CompanyContact", company.contact);
  await visit(page, "/identity-verification");
  await expectFits(page, testInfo, "Signed in");

  await visit(page, "/identity-verification/company-management");
  await expect(page.locator("form[data-ready=true]")).toBeVisible();
  // The individuals are cards: status and actions in view, each under its column's name.
  const table = page.getByRole("table", { name: "Individuals" });
  const row = table.getByRole("row").filter({ hasText: jamie });
  const edit = (await row.getByRole("button", { name: `Edit ${jamie}` }).boundingBox())!;
  expect(edit.x).toBeGreaterThanOrEqual(0);
  expect(edit.x + edit.width).toBeLessThanOrEqual(WIDTH);
  expect(await row.getByRole("cell").evaluateAll((cells) => cells.map((c) => c.getAttribute("data-label")))).toEqual(["Name", "Email", "Status", "Next step", "Personal code", "Actions"]);
  await expectFits(page, testInfo, "Company management");

  await visit(page, "/identity-verification/company-management?status=Complete");
  await expectFits(page, testInfo, "Company management, filtered");

  await visit(page, "/identity-verification/company-management");
  await expect(page.locator("form[data-ready=true]")).toBeVisible();
  for (const button of ["Add an individual", "Add from a CSV file"]) {
    await page.getByRole("button", { name: button }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectFits(page, testInfo, `Company management: ${button}`);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
  }

  // A page of another role: the 403 page, naming who is signed in.
  await page.goto("/identity-verification/individual-details");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectFits(page, testInfo, "Not allowed, signed in");
});

test("[DIRECTOR] every page fits a 390 px screen", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  // Waiting for details, for the personal code, and for more evidence: each its own page.
  const { individuals } = await seedCompany({
    name: "Phone",
    individuals: ["NotStarted", "AwaitingAuthCode", { state: "OutstandingIDInfo", formerNames: ["Saffron Marsh"] }],
  });
  for (const [name, who] of [
    ["waiting for details", individuals[0]!],
    ["waiting for the personal code", individuals[1]!],
    ["more evidence asked for", individuals[2]!],
  ] as const) {
    await actAs(page, "DV_Director", who);
    await visit(page, "/identity-verification/individual-details");
    await expectFits(page, testInfo, `Individual details: ${name}`);
  }
  await actAs(page, "DV_Director", individuals[0]!);
  await visit(page, "/identity-verification");
  await expectFits(page, testInfo, "Signed in");
});

test("[ADMIN] every page fits a 390 px screen", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const padma = await seedIndividual("UnderReview", { firstName: "Padma", lastName: "Shah" });
  await actAsAdmin(page);
  await visit(page, "/administration");
  await expectFits(page, testInfo, "Administration");

  // The notifications open across the screen, not off its left edge.
  const bell = page.getByRole("button", { name: /^Notifications/ });
  await bell.click();
  await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
  await expectFits(page, testInfo, "Notifications");
  await bell.click();

  await visit(page, "/administration/client-management");
  await expect(page.getByRole("status").filter({ hasText: /Showing/ })).toBeVisible();
  await expectFits(page, testInfo, "Clients");
  await page.locator("summary", { hasText: "Filters" }).click();
  await expectFits(page, testInfo, "Clients, filters open");

  await visit(page, "/administration/client-management?tableViewMode=individual");
  await expect(page.getByRole("columnheader", { name: /^Individual/ })).toBeAttached();
  await expectFits(page, testInfo, "Individuals");

  // A client's page, with an individual's details open.
  await visit(page, `/administration/client-management?globalSearch=${encodeURIComponent(padma.company.name)}`);
  await page.getByRole("table").getByRole("link", { name: padma.company.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: padma.company.name })).toBeVisible();
  await expect(page.locator("form[data-ready]")).toHaveCount(1);
  await expectFits(page, testInfo, "Client");
  await page.getByRole("button", { name: `Show details for ${padma.name}` }).click();
  await expect(page.getByRole("region", { name: padma.name })).toBeVisible();
  await expectFits(page, testInfo, "Client, an individual's details");

  await visit(page, "/administration/audit");
  await expectFits(page, testInfo, "Audit");
  await visit(page, "/administration/audit?view=security");
  await expectFits(page, testInfo, "Security events");

  // The evidence pack of an individual.
  await visit(page, `/administration/directors/${padma.id}/evidence-pack`);
  await expectFits(page, testInfo, "Evidence pack");
});

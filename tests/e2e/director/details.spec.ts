import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, requestLinkInBrowser } from "../support/fixtures";
import { seedIndividual, type SeededIndividual } from "../support/seed";

/*
 * The director's details and 12-month address history in the browser, as an individual of the
 * spec's own (tests/e2e/support/seed.ts) who has given nothing yet.
 */
let carys: SeededIndividual;

// The second test edits the details the first one saves: it is skipped, not failed, when the first fails.
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  carys = await seedIndividual("NotStarted", { firstName: "Carys", lastName: "Dean" });
});

/** An ISO date `days` days before today (far from midnight boundaries: whole days only). */
function daysAgo(days: number): string {
  const d = new Date();
  d.setUTCHours(12, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** Types an ISO date into a date input's Day, Month and Year boxes (the group named `label`). */
async function fillDate(scope: Locator, label: string, iso: string) {
  const [year, month, day] = iso.split("-").map(Number);
  const group = scope.getByRole("group", { name: label });
  await group.getByLabel("Day").fill(String(day));
  await group.getByLabel("Month").fill(String(month));
  await group.getByLabel("Year").fill(String(year));
}

const summary = (page: Page) => page.getByRole("alert").filter({ hasText: "There is a problem" });

async function signIn(page: Page) {
  await page.goto(await requestLinkInBrowser(page, carys));
  await page.getByRole("button", { name: "Continue to sign in" }).click();
  await expect(page).toHaveURL(/\/identity-verification\/individual-details$/);
  // The server's HTML already shows the saved values; the unsaved-changes guard comes with the
  // form's script: a link clicked before the form has hydrated leaves without asking.
  await expect(page.locator("form[data-ready=true]")).toHaveCount(1);
  await expect(page.getByLabel("Last name")).toHaveValue(carys.lastName);
}

const current = (page: Page) => page.getByRole("group", { name: "Current address" });
const previous = (page: Page, n: number) => page.getByRole("group", { name: `Previous address ${n}` });
const nextStep = (page: Page) => page.getByTestId("next-step");

test("[DIRECTOR] gives details, former names and 12 months of addresses; gaps are refused; the next step follows", async ({ page }) => {
  // The whole details journey in one test: about forty actions and four accessibility checks, which
  // can outlast the default minute on a 2-core machine running the other worker's journeys at once.
  test.setTimeout(120_000);
  await signIn(page);
  await expect(nextStep(page)).toHaveText(/Give your name, any former names and where you have lived/);
  const tasks = page.getByTestId("task-list");
  await expect(tasks.getByRole("listitem").first()).toHaveAttribute("data-state", "notStarted");
  await expect(tasks.getByRole("listitem").nth(1)).toHaveText(/Identity check\s*Cannot start yet/);
  await expectNoSeriousA11yViolations(page);

  await expect(page.getByLabel("First name")).toHaveValue("Carys");
  await page.getByRole("button", { name: "Add a former name" }).click();
  const former = page.getByRole("group", { name: "Former name 1" });
  await former.getByLabel("Name", { exact: true }).fill("Carys Morgan");
  await fillDate(former, "Used until", daysAgo(2000));

  await current(page).getByLabel("Address line 1").fill("8 Cathedral Walk");
  await current(page).getByLabel("Town or city").fill("Cardiff");
  await current(page).getByLabel(/Postcode/).fill("CF10 1AA");
  await current(page).getByLabel("Country").selectOption("GB");
  // Dates are day, month and year boxes (GOV.UK date input), not a picker in another order.
  await expect(current(page).getByRole("group", { name: "Lived here since" }).getByRole("textbox")).toHaveCount(3);
  await fillDate(current(page), "Lived here since", daysAgo(90));
  await expect(page.getByText(/We need to know where you have lived since \d{1,2} [A-Z][a-z]+ \d{4}\./)).toBeVisible();

  // Saving without a previous address: the history is short of 12 months.
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(summary(page)).toBeFocused();
  await expect(summary(page).getByRole("link", { name: "Your addresses must cover the last 12 months: add a previous address or check the dates" })).toBeVisible();

  await page.getByRole("button", { name: "Add a previous address" }).click();
  await previous(page, 1).getByLabel("Address line 1").fill("21 Harbour Road");
  await previous(page, 1).getByLabel("Town or city").fill("Swansea");
  await fillDate(previous(page, 1), "Lived here from", daysAgo(800));
  await fillDate(previous(page, 1), "Lived here until", daysAgo(120)); // a month's gap
  await page.getByRole("button", { name: "Save details" }).click();
  const gap = summary(page).getByRole("link", { name: "There is a gap between this address and the one before it" });
  await expect(gap).toBeVisible();
  await gap.click();
  // The gap is before her current address (lib/domain/address-history.ts names the later period's
  // start): the link focuses the Day box of "Lived here since".
  await expect(current(page).getByRole("group", { name: "Lived here since" }).getByLabel("Day")).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await fillDate(previous(page, 1), "Lived here until", daysAgo(91));
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByTestId("details-save-status")).toHaveText("Your details are saved");
  await expect(page.getByText("Form submitted successfully")).toHaveCount(0);
  await expect(nextStep(page)).toHaveText(/Take the identity check below/);

  // What was saved is what the page shows after a reload.
  await page.reload();
  await expect(previous(page, 1).getByLabel("Address line 1")).toHaveValue("21 Harbour Road");
  await expect(previous(page, 1).getByRole("group", { name: "Lived here until" }).getByLabel("Year")).toHaveValue(daysAgo(91).slice(0, 4));
  await expect(page.getByRole("group", { name: "Former name 1" }).getByLabel("Name", { exact: true })).toHaveValue("Carys Morgan");
  await expect(page.getByTestId("task-list").getByRole("listitem").first()).toHaveAttribute("data-state", "completed");
  await expect(page.getByTestId("task-list").getByRole("listitem").nth(1)).toHaveAttribute("data-state", "notStarted");

  // Saving again with nothing changed says so, and sends nothing.
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByTestId("details-save-status")).toHaveText(/^Nothing to save\./);
  await expectNoSeriousA11yViolations(page);
});

test("[DIRECTOR] is asked before leaving with unsaved changes, and told when saving fails", async ({ page }) => {
  await signIn(page);
  await page.getByLabel("Last name").fill(`${carys.lastName}-Morgan`);
  await page.getByRole("link", { name: "Contact support" }).click();
  const dialog = page.getByRole("dialog", { name: "You have unsaved changes" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page).toHaveURL(/\/identity-verification\/individual-details$/);
  await expect(page.getByLabel("Last name")).toHaveValue(`${carys.lastName}-Morgan`);

  // The server fails: the failure toast and, staying beside the button, the same words; the change
  // is still there to try again. (Carys's address is the one the test above saved.)
  await page.route("**/api/director-verification/director", (route) =>
    route.request().method() === "PATCH" ? route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: "unavailable", message: "x" }) }) : route.continue(),
  );
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("Error submitting form", { exact: true })).toBeVisible();
  await expect(page.getByText("Please try again later.", { exact: true })).toBeVisible();
  await expect(page.getByTestId("details-save-status")).toHaveText("Error submitting form. Please try again later.");
  await expect(page.getByLabel("Last name")).toHaveValue(`${carys.lastName}-Morgan`);
  await page.unroute("**/api/director-verification/director");

  await page.getByRole("link", { name: "Contact support" }).click();
  await page.getByRole("dialog", { name: "You have unsaved changes" }).getByRole("button", { name: "Discard changes" }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

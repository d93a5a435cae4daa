import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, demoTestUser } from "../support/fixtures";
import { seedCompany } from "../support/seed";

/*
 * Every page of every role in Welsh (the `lang` cookie the header's language link sets): the page is
 * marked `lang="cy"` and axe finds nothing serious, as in English (the English pages are checked by
 * their own specs). The signed-in pages are those of a company and individuals of the spec's own
 * (tests/e2e/support/seed.ts).
 */

// Its tests seed their own data and share nothing: they run on both workers at once, so that the
// run's longest spec (last in name order) does not leave one worker idle at the end.
test.describe.configure({ mode: "parallel" });

const port = Number(process.env.E2E_PORT ?? 3100);

async function inWelsh(page: Page, as?: string) {
  await page.context().addCookies([{ name: "lang", value: "cy", url: `http://localhost:${port}` }]);
  if (as) await page.context().setExtraHTTPHeaders({ "test-user": as });
}

async function expectWelshAndClean(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.locator("html"), path).toHaveAttribute("lang", "cy");
  await expectNoSeriousA11yViolations(page);
}

test("[PUBLIC] every public page in Welsh is marked Welsh and passes axe", async ({ page }) => {
  test.setTimeout(180_000);
  await inWelsh(page);
  for (const path of [
    "/",
    "/login",
    // Without an error the staff sign-in page goes straight on to single sign-on.
    "/admin/login?error=OAuthCallback",
    "/contact",
    "/logged-out",
    "/errors/un-authenticated",
    "/errors/un-authorised",
    "/login/error",
    "/requests/identity-verification/",
    "/requests/identity-verification/?journey=PayByInvoice",
    "/requests/identity-verification/?journey=PayByCard",
    "/requests/identity-verification/?journey=Existing&companyName=Ashcombe%20Engineering%20Ltd&lwdbNumber=LW100245",
    "/requests/identity-verification/submitted?reference=HWH7K2QP&held=1",
    `/confirm-email/${"A".repeat(43)}`,
    "/confirm-email/result?outcome=expired",
    "/no-such-page-anywhere",
  ]) {
    await expectWelshAndClean(page, path);
  }
});

test("[CONTACT] the company page in Welsh is marked Welsh and passes axe", async ({ page }) => {
  const { contact } = await seedCompany({ name: "Cymru", individuals: ["NotStarted", "UnderReview", "Complete"] });
  await inWelsh(page, `DV_CompanyContact:${contact.email}:${contact.reference}`);
  await expectWelshAndClean(page, "/identity-verification/company-management");
  await expectWelshAndClean(page, "/identity-verification/individual-details");
});

test("[DIRECTOR] the director's pages in Welsh are marked Welsh and pass axe", async ({ page }) => {
  const { individuals } = await seedCompany({ name: "Cymru", individuals: ["NotStarted", "AwaitingAuthCode", { state: "OutstandingIDInfo", formerNames: ["Saffron Marsh"] }] });
  for (const who of individuals) {
    await inWelsh(page, `DV_Director:${who.email}:${who.reference}`);
    await expectWelshAndClean(page, "/identity-verification/individual-details");
  }
});

test("[ADMIN] the back office in Welsh is marked Welsh and passes axe", async ({ page }) => {
  test.setTimeout(120_000);
  const { id: clientId, individuals } = await seedCompany({ name: "Cymru", individuals: ["UnderReview", "NotStarted"] });
  await inWelsh(page, demoTestUser.admin);
  for (const path of ["/administration", "/administration/client-management", "/administration/client-management?tableViewMode=individual", "/administration/audit", "/administration/audit?view=security"]) {
    await expectWelshAndClean(page, path);
  }
  await expectWelshAndClean(page, `/administration/client-management/${clientId}`);
  await expectWelshAndClean(page, `/administration/directors/${individuals[0]!.id}/evidence-pack`);
});

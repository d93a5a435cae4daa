import { expect, type Page } from "@playwright/test";
import { demoTestUser } from "./fixtures";

/*
 * The pages of issue 23 (docs/speed.md "Public and director pages"): the sign-in page, the request
 * form, the director's page and the contact's company page, as the end-to-end checks of how they
 * load open them (layout-shift.spec.ts, first-format.spec.ts).
 */

export interface PageCase {
  /** Whose page it is, as the other specs tag their tests. */
  tag: "PUBLIC" | "DIRECTOR" | "CONTACT";
  name: string;
  path: string;
  /** The test-user header the end-to-end server accepts (a signed-in director or contact). */
  as?: string;
  /** The first input, and its answers awaited. */
  firstInput: (page: Page) => Promise<void>;
}

/** The first input of a page of fields: one letter typed into its first text field. */
async function typeInFirstField(page: Page) {
  const field = page.locator("main input:not([type=hidden]):not([disabled]), main textarea").first();
  await field.click();
  await field.pressSequentially("a", { delay: 10 });
}

export const loadedPages: PageCase[] = [
  {
    tag: "PUBLIC",
    name: "sign-in page",
    path: "/login",
    firstInput: async (page) => {
      await page.getByLabel("Email address").pressSequentially("someone@example.com", { delay: 10 });
      await page.getByLabel("Reference number").pressSequentially("AB12CD34", { delay: 10 });
    },
  },
  {
    tag: "PUBLIC",
    name: "request form",
    path: "/requests/identity-verification?journey=PayByInvoice",
    firstInput: async (page) => {
      // The name suggests companies from the register; the number is looked up and its answer shown.
      const name = page.getByRole("combobox", { name: "Company name" });
      await name.pressSequentially("hartwell", { delay: 20 });
      await expect(page.getByRole("option", { name: /HARTWELL HOLDINGS LIMITED/ })).toBeVisible();
      await name.press("Escape");
      await page.getByLabel(/Company number/).pressSequentially("09417262", { delay: 20 });
      await expect(page.getByTestId("company-lookup-status")).toContainText("HARTWELL HOLDINGS LIMITED");
    },
  },
  {
    tag: "DIRECTOR",
    name: "director's page",
    path: "/identity-verification/individual-details",
    as: demoTestUser.director,
    firstInput: typeInFirstField,
  },
  {
    tag: "CONTACT",
    name: "contact's company page",
    path: "/identity-verification/company-management",
    as: demoTestUser.contact,
    firstInput: typeInFirstField,
  },
];

/** Until the page has loaded everything it loads by itself (islands, the bot check's script) and painted. */
export async function settle(page: Page) {
  await page.waitForLoadState("load");
  await page.waitForLoadState("networkidle");
  await afterFrames(page);
}

/** Until two frames have been drawn and 300 ms more have passed. */
export async function afterFrames(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300)))));
}

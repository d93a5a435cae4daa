import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, takeSignInTurn, waitForEmail } from "../support/fixtures";
import { seedCompany } from "../support/seed";

/*
 * Welsh: the header's language link switches every page to Welsh (remembered in the `lang`
 * cookie, `<html lang="cy">`), and back; an email asked for from a Welsh page is in Welsh.
 */

test("[PUBLIC] reads a page in Welsh and switches back", async ({ page }) => {
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
  const cymraeg = page.getByRole("banner").getByRole("link", { name: "Cymraeg" });
  await expect(cymraeg).toHaveAttribute("lang", "cy");
  await expect(cymraeg).toHaveAttribute("hreflang", "cy");

  await cymraeg.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "cy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mewngofnodi");
  await expect(page.getByLabel("Cyfeiriad e-bost")).toBeVisible();
  await expect(page.getByRole("button", { name: "Anfon dolen fewngofnodi ataf" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Remembered: the next page is in Welsh too.
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "cy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dilysu hunaniaeth cyfarwyddwyr cwmnïau");
  await expect(page.getByRole("main").getByRole("link", { name: "Gofyn am ddilysu hunaniaeth" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Back to English, on the same page.
  const english = page.getByRole("banner").getByRole("link", { name: "English" });
  await expect(english).toHaveAttribute("hreflang", "en-GB");
  await english.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Identity verification for company directors");
});

test("[PUBLIC] asks for a sign-in link from the Welsh page and gets the email in Welsh", async ({ page }) => {
  const who = (await seedCompany({ name: "Cymraeg", individuals: ["NotStarted"] })).contact;
  const linkInHand = await takeSignInTurn(who.email);
  try {
    // The sign-in page filled in from an invitation's link keeps its details across the switch.
    await page.goto(`/login?${new URLSearchParams({ email: who.email, reference: who.reference })}`);
    await page.getByRole("banner").getByRole("link", { name: "Cymraeg" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "cy");
    await expect(page.getByLabel("Cyfeiriad e-bost")).toHaveValue(who.email);
    await expect(page.getByLabel("Cyfeirnod")).toHaveValue(who.reference);

    const since = Date.now();
    await page.getByRole("button", { name: "Anfon dolen fewngofnodi ataf" }).click();
    await expect(page.getByText("Gwiriwch eich e-bost")).toBeVisible();
    const mail = await waitForEmail(who.email, /^Eich dolen fewngofnodi/, 15_000, since);
    expect(mail.text).toContain("Mae’r ddolen yn gweithio unwaith");
    expect(mail.html).toContain('<html lang="cy">');
  } finally {
    linkInHand();
  }
});

import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, requestLinkInBrowser, demoTestUser } from "../support/fixtures";
import { seedIndividual, type SeededIndividual } from "../support/seed";

/*
 * Evidence uploads in the browser, by an individual of the spec's own (tests/e2e/support/seed.ts):
 * Saffron Tate, asked for more evidence (OutstandingIDInfo) of her change of name from Saffron
 * Marsh. The admin then sees her upload, with its hash, in her printable evidence pack.
 */
let saffron: SeededIndividual;

const PDF = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const EXE = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(256, 0)]);

async function signIn(page: Page) {
  await page.goto(await requestLinkInBrowser(page, saffron));
  await page.getByRole("button", { name: "Continue to sign in" }).click();
  await expect(page).toHaveURL(/\/identity-verification\/individual-details$/);
}

const evidence = (page: Page) => page.getByRole("region", { name: "Supporting documents" });

test.describe.serial("evidence", () => {
  test.beforeAll(async () => {
    saffron = await seedIndividual("OutstandingIDInfo", { firstName: "Saffron", lastName: "Tate", formerNames: ["Saffron Marsh"], evidenceOutstanding: ["Name"] });
  });

  test("[DIRECTOR] is told which evidence is needed, a renamed executable is refused, and a PDF upload puts her back under review", async ({ page }) => {
    await signIn(page);
    const section = evidence(page);
    await expect(section.getByText("We need more evidence")).toBeVisible();
    // The review asked for proof of her change of name only: that one upload is what moves her on.
    await expect(section.getByTestId("evidence-needed")).toContainText("Proof of a change of name");
    await expect(section.getByTestId("evidence-needed")).not.toContainText("Proof of address");
    await expectNoSeriousA11yViolations(page);

    // The one kind asked for is chosen already; no file chosen: the form says what is missing.
    await expect(section.getByRole("radio", { name: "Proof of a change of name" })).toBeChecked();
    await section.getByRole("button", { name: "Upload" }).click();
    await expect(section.getByText("Choose a file to upload.")).toBeVisible();
    await expect(section.getByText("Choose what the document shows.")).toHaveCount(0);

    // An executable renamed to .pdf: refused by its content.
    await section.getByLabel("File").setInputFiles({ name: "deed-poll.pdf", mimeType: "application/pdf", buffer: EXE });
    await section.getByRole("button", { name: "Upload" }).click();
    await expect(section.getByText("This file is not a PDF, JPEG or PNG. Choose another file.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await section.getByLabel("File").setInputFiles({ name: "Deed poll Marsh to Tate.pdf", mimeType: "application/pdf", buffer: PDF });
    await section.getByRole("button", { name: "Upload" }).click();
    const uploaded = section.getByRole("list", { name: "Documents you have uploaded" });
    await expect(uploaded.getByRole("link", { name: "Download Deed poll Marsh to Tate.pdf" })).toBeVisible();
    await expect(uploaded).toContainText("Proof of a change of name, uploaded");
    // Back under review: the request for more evidence is gone.
    await expect(section.getByText("We need more evidence")).toHaveCount(0);
    await expect(page.getByText("Under review").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The download is her file, as an attachment that is never sniffed.
    const href = await uploaded.getByRole("link", { name: "Download Deed poll Marsh to Tate.pdf" }).getAttribute("href");
    const download = await page.request.get(href!);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-disposition"]).toMatch(/^attachment; /);
    expect(download.headers()["x-content-type-options"]).toBe("nosniff");
    expect(Buffer.from(await download.body())).toEqual(PDF);

    const me = await page.request.get("/api/director-verification/director");
    expect(me.ok()).toBe(true);
    expect((await me.json()).id).toBe(saffron.id);
  });

  test("[ADMIN] sees the upload and its hash in the printable evidence pack", async ({ browser }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { "test-user": demoTestUser.admin } });
    const page = await context.newPage();
    await page.goto(`/administration/directors/${saffron.id}/evidence-pack`);
    await expect(page.getByRole("heading", { level: 1, name: `Statement of verification: ${saffron.name}` })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^Evidence pack – ${saffron.name}`));
    const files = page.getByRole("region", { name: "Documents uploaded" });
    await expect(files).toContainText("Deed poll Marsh to Tate.pdf");
    await expect(files).toContainText(/[0-9a-f]{64}/);
    await expect(page.getByRole("region", { name: "Person" })).toContainText("Saffron Marsh");
    await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });
});

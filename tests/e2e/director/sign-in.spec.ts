import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, human, requestLinkInBrowser, waitForEmail } from "../support/fixtures";
import { seedIndividual } from "../support/seed";

test("[DIRECTOR] signs in with an emailed link and lands on their own details", async ({ page }) => {
  const director = await seedIndividual("NotStarted");
  // Typed as people type them: the email in capitals, the reference in lower case with a dash.
  const typed = `${director.reference.slice(0, 4)}-${director.reference.slice(4)}`.toLowerCase();
  const link = await requestLinkInBrowser(page, { email: director.email.toUpperCase(), reference: typed });
  await page.goto(link);
  await page.getByRole("button", { name: "Continue to sign in" }).click();
  await expect(page).toHaveURL(/\/identity-verification\/individual-details$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(director.name);
  await expect(page.getByText("Waiting for details and identity check")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  expect((await page.goto("/identity-verification/company-management"))?.status()).toBe(403);
  expect((await page.goto("/administration/audit"))?.status()).toBe(403);
  await page.goto("/identity-verification");
  await expect(page.getByRole("link", { name: "Continue your identity verification" })).toHaveAttribute("href", "/identity-verification/individual-details");
  await expectNoSeriousA11yViolations(page);
});

test("[DIRECTOR] a wrong reference gets the same answer and no email", async ({ page }) => {
  const director = await seedIndividual("NotStarted");
  await page.goto("/login");
  await page.getByLabel("Email address").fill(director.email);
  await page.getByLabel("Reference number").fill("ZZZZ9999");
  const since = Date.now();
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByText("Check your email")).toBeVisible();
  // The individual is this test's own: no other spec asks for their link.
  await expect(waitForEmail(director.email, /sign-in link/i, 3_000, since)).rejects.toThrow(/no email/);
  await page.getByRole("button", { name: "Use a different email or reference" }).click();
  await page.getByLabel("Reference number").fill("bad ref!");
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByText("Enter the reference from your invitation email (letters and numbers)")).toBeVisible();
});

test("[DIRECTOR] opens the invitation's link and the sign-in form is filled in", async ({ page, request }) => {
  // A request of its own, filed as the request page files it, so the invitation is this test's,
  // paid by card: invited as soon as the payment is confirmed.
  const t = Math.random().toString(36).slice(2, 8);
  const email = `invited-${t}@director-e2e.example`;
  const res = await request.post("/api/requests/identity-verification", {
    data: {
      ...human,
      company: { name: `Invited ${t} Ltd`, companyId: "09876543" },
      productTier: "OneOff",
      journey: "PayByCard",
      mainContactFirstName: "Cora",
      mainContactLastName: "Contact",
      mainContactEmail: `contact-${t}@director-e2e.example`,
      mainContactTelephone: "020 7946 0003",
      billingEntityName: `Invited ${t} Ltd`,
      billingAddressLine1: "4 Old Road",
      billingAddressCity: "Leeds",
      billingAddressCountry: "GB",
      accountPayableContactFirstName: "Ada",
      accountPayableContactLastName: "Payable",
      accountPayableContactEmail: `ap-${t}@director-e2e.example`,
      vatNumber: "GB123456789",
      vatExempt: false,
      individuals: [{ name: `Ivy Invited ${t}`, email }],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(((await res.json()) as { next: string }).next);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();

  const invitation = await waitForEmail(email, /verify your identity/i, 20_000);
  expect(invitation.subject).toContain(`Invited ${t} Ltd`);
  expect(invitation.text).toContain("a passport or photocard driving licence");
  expect(invitation.text).toContain("the addresses where you have lived in the last 12 months");
  expect(invitation.text).toContain("a phone or computer with a camera");
  const link = invitation.text.match(/https?:\/\/\S+\/login\?email=\S+&reference=[A-Z0-9]+/)?.[0];
  expect(link, invitation.text).toBeTruthy();
  const reference = new URL(link!).searchParams.get("reference")!;

  // Opening the link fills in the form and signs nobody in; the address (with the reference) is
  // neither cached nor sent on to other sites.
  const since = Date.now();
  const opened = await page.goto(link!);
  expect(opened?.headers()["referrer-policy"]).toBe("same-origin");
  expect(opened?.headers()["cache-control"]).toContain("no-store");
  await expect(page.getByLabel("Email address")).toHaveValue(email);
  await expect(page.getByLabel("Reference number")).toHaveValue(reference);
  await expect(page.getByText("filled in from your invitation")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect((await page.request.get("/api/user")).status()).toBe(401);

  // One press sends the sign-in link, which signs them in.
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByText("Check your email")).toBeVisible();
  const mail = await waitForEmail(email, /sign-in link/i, 15_000, since);
  const signInLink = mail.text.match(/https?:\/\/\S+\/api\/enter\/[A-Za-z0-9_-]{43}/)?.[0];
  expect(signInLink).toBeTruthy();
  await page.goto(signInLink!);
  await page.getByRole("button", { name: "Continue to sign in" }).click();
  await expect(page).toHaveURL(/\/identity-verification(\/|$)/);
  const user = await page.request.get("/api/user");
  expect(user.status()).toBe(200);
  expect(await user.json()).toMatchObject({ email, type: "DV_Director" });
});

import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, human } from "../support/fixtures";

/** The Stripe simulator the end-to-end set-up started (its default port + E2E_SIM_PORT_OFFSET). */
const stripeSimulator = `http://127.0.0.1:${12111 + Number(process.env.E2E_SIM_PORT_OFFSET ?? 1)}`;

const tag = () => Math.random().toString(36).slice(2, 8);

test("[PUBLIC] does come back from a cancelled card payment: the request is saved and not paid, 'Pay now' opens a new payment page, and paying it succeeds", async ({ page, request }) => {
  const t = tag();
  const res = await request.post("/api/requests/identity-verification", {
    data: {
      ...human,
      company: { name: `Abandoned ${t} Ltd`, companyId: "10984562" },
      productTier: "OneOff",
      journey: "PayByCard",
      mainContactFirstName: "Cas",
      mainContactLastName: "Cancel",
      mainContactEmail: `cas-${t}@abandoned.example`,
      mainContactTelephone: "020 7946 0002",
      billingEntityName: `Abandoned ${t} Ltd`,
      billingAddressLine1: "3 Cancel Lane",
      billingAddressCity: "Hull",
      billingAddressCountry: "GB",
      accountPayableContactFirstName: "Ann",
      accountPayableContactLastName: "Payable",
      accountPayableContactEmail: `ap-${t}@abandoned.example`,
      vatExempt: true,
      individuals: [{ name: `Solo ${t}`, email: `solo-${t}@abandoned.example` }],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { next: firstCheckout } = (await res.json()) as { next: string };
  expect(firstCheckout).toMatch(new RegExp(`^${stripeSimulator}/pay/cs_`));

  // Leave Stripe's page without paying.
  await page.goto(firstCheckout);
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.waitForURL("**/requests/identity-verification/continue/**");
  await expect(page.getByRole("heading", { name: "Your request is saved but not paid" })).toBeVisible();
  await expect(page.getByText(`Abandoned ${t} Ltd`)).toBeVisible();
  await expect(page.getByTestId("amount-due")).toHaveText("£78.00"); // A declared VAT exemption is a claim staff confirm: VAT is charged until then
  await expect(page.getByTestId("client-reference")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Pay now: a new Checkout page; the abandoned one can no longer be paid.
  await page.getByRole("button", { name: "Pay now" }).click();
  await page.waitForURL((url) => url.href.startsWith(`${stripeSimulator}/pay/cs_`) && url.href !== firstCheckout);
  const sessionId = new URL(page.url()).pathname.split("/").pop()!;
  const old = await request.get(firstCheckout);
  expect(await old.text()).not.toContain("Pay £78.00");

  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay £78.00" }).click();
  await page.waitForURL(`**/requests/identity-verification/${sessionId}`);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(page.getByTestId("client-reference")).toHaveText(/^[A-Z0-9]{6,}$/);
  await expectNoSeriousA11yViolations(page);
});

import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, human, waitForEmail } from "../support/fixtures";
import { continueTo, fillBilling, fillContacts, fillIndividual, section } from "../support/request-form";

/** The Stripe simulator the end-to-end set-up started (its default port + E2E_SIM_PORT_OFFSET). */
const stripeSimulator = `http://127.0.0.1:${12111 + Number(process.env.E2E_SIM_PORT_OFFSET ?? 1)}`;

interface SimEvent {
  event: { type: string; data: { object: { id: string } } };
  delivered: boolean;
}

async function simulatorEvents(): Promise<SimEvent[]> {
  return ((await (await fetch(`${stripeSimulator}/_simulator/events`)).json()) as { data: SimEvent[] }).data;
}

const tag = () => Math.random().toString(36).slice(2, 8);

/** Fills the request form's steps for three individuals, VAT registered (3 × £65.00 + VAT = £234.00), up to Check your answers. */
async function fillRequest(page: Page, t: string) {
  await section(page, "Company").getByLabel(/Company number/).fill("10984562");
  await section(page, "Service option").getByLabel("Group managed solution").check();
  await continueTo(page, "Individuals");
  const people = section(page, "Individuals to verify");
  for (let i = 0; i < 3; i++) {
    if (i > 0) await people.getByRole("button", { name: "Add another individual" }).click();
    await fillIndividual(page, i, `Person ${i + 1} ${t}`, `person${i + 1}-${t}@cardpay.example`);
  }
  await continueTo(page, "Contacts");
  await fillContacts(page, {
    main: { firstName: "Maya", lastName: "Okafor", email: `maya.okafor-${t}@cardpay.example`, telephone: "020 7946 0000" },
    accountsPayable: { firstName: "Ade", lastName: "Payer", email: `ap-${t}@cardpay.example` },
  });
  await continueTo(page, "Billing and VAT");
  await fillBilling(page, { entityName: `Cardpay ${t} Ltd`, line1: "1 Card Street", city: "Leeds", vatNumber: "GB123456789" });
  await continueTo(page, "Check your answers");
}

test("[PUBLIC] pays by card on the Stripe page and lands on the payment-successful page; the individuals are then invited", async ({ page }) => {
  const t = tag();
  await page.goto(`/requests/identity-verification/?journey=PayByCard&companyName=${encodeURIComponent(`Cardpay ${t} Ltd`)}`);
  await fillRequest(page, t);
  await expect(page.getByText("£234.00").first()).toBeVisible();
  await page.getByRole("button", { name: "Continue to payment" }).click();

  // Stripe's hosted page (the simulator's), for the amount the pricing module says.
  await page.waitForURL(`${stripeSimulator}/pay/**`);
  const sessionId = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByRole("button", { name: "Pay £234.00" })).toBeVisible();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay £234.00" }).click();

  await page.waitForURL(`**/requests/identity-verification/${sessionId}`);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(page.getByTestId("client-reference")).toHaveText(/^[A-Z0-9]{6,}$/);
  await expectNoSeriousA11yViolations(page);

  // The webhook reached the portal too, and the invitations went out once.
  await expect.poll(async () => (await simulatorEvents()).find((e) => e.event.type === "checkout.session.completed" && e.event.data.object.id === sessionId)?.delivered).toBe(true);
  for (let i = 1; i <= 3; i++) await waitForEmail(`person${i}-${t}@cardpay.example`, /verify your identity/i, 20_000);
});

test("[PUBLIC] a card request left unpaid shows 'not paid' on its payment page, and 'Pay now' opens a new payment in place of the old", async ({ page, request }) => {
  const t = tag();
  const res = await request.post("/api/requests/identity-verification", {
    data: {
      ...human,
      company: { name: `Unpaid ${t} Ltd`, companyId: "10984562" },
      productTier: "OneOff",
      journey: "PayByCard",
      mainContactFirstName: "Sam",
      mainContactLastName: "Unpaid",
      mainContactEmail: `sam-${t}@unpaid.example`,
      mainContactTelephone: "020 7946 0001",
      billingEntityName: `Unpaid ${t} Ltd`,
      billingAddressLine1: "2 Unpaid Road",
      billingAddressCity: "York",
      billingAddressCountry: "GB",
      accountPayableContactFirstName: "Ann",
      accountPayableContactLastName: "Payable",
      accountPayableContactEmail: `ap-${t}@unpaid.example`,
      vatExempt: true,
      individuals: [{ name: `Solo ${t}`, email: `solo-${t}@unpaid.example` }],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { next } = (await res.json()) as { next: string };
  expect(next).toMatch(new RegExp(`^${stripeSimulator}/pay/cs_`));
  const sessionId = new URL(next).pathname.split("/").pop()!;

  await page.goto(`/requests/identity-verification/${sessionId}`);
  await expect(page.getByRole("heading", { name: "Payment not completed" })).toBeVisible();
  await expect(page.getByText("£78.00")).toBeVisible(); // A declared VAT exemption is a claim staff confirm: VAT is charged until then
  await expectNoSeriousA11yViolations(page);
  await expect(page.getByTestId("client-reference")).toHaveCount(0); // a sign-in factor: only once paid
  await page.getByRole("button", { name: "Pay now" }).click();
  // A new session replaces the open one, which Stripe expires: nobody can pay twice.
  await page.waitForURL((url) => url.href.startsWith(`${stripeSimulator}/pay/cs_`) && url.href !== next);
  await expect(page.getByRole("button", { name: "Pay £78.00" })).toBeVisible();
});

test("[PUBLIC] an unknown payment session is the not-found page", async ({ page }) => {
  // The status is already sent when the page finds out (the request form's loading view streams
  // the response), so the view is what tells.
  await page.goto("/requests/identity-verification/cs_test_doesnotexist000000");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /payment/i })).toHaveCount(0);
});

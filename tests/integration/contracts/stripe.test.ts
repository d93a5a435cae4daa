// Contract: the portal's Stripe adapter (the official SDK) against the local Stripe simulator, over
// real HTTP. Webhooks are the ones the simulator actually sends, caught by a local receiver standing
// in for the portal's endpoint.
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { STRIPE_DEV_CREDENTIALS } from "@/lib/integrations/stripe/dev-credentials";
import { startStripeSimulator, type StripeSimulator } from "@/lib/integrations/stripe/simulator/server";
import { createStripeAdapter, WEBHOOK_TOLERANCE_SECONDS } from "@/lib/integrations/stripe/stripe-adapter";
import { PaymentProviderError, WebhookSignatureError, type NewCheckoutSession, type StripeConfig } from "@/lib/integrations/stripe/types";

interface Received {
  body: string;
  signature: string;
  contentType: string;
}

/** A stand-in for POST /api/webhooks/stripe: records raw bodies; can be told to fail the next N. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { failNext: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (state.failNext > 0) {
        state.failNext--;
        res.writeHead(500).end("not now");
        return;
      }
      received.push({ body: Buffer.concat(chunks).toString("utf8"), signature: String(req.headers["stripe-signature"] ?? ""), contentType: String(req.headers["content-type"]) });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/stripe`, received, state, close: () => new Promise((r) => server.close(r)) };
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let simulator: StripeSimulator;
let config: StripeConfig;
const logged: string[] = [];

beforeAll(async () => {
  receiver = await startReceiver();
  simulator = await startStripeSimulator(0, {
    secretKey: STRIPE_DEV_CREDENTIALS.secretKey,
    webhookSecret: STRIPE_DEV_CREDENTIALS.webhookSecret,
    webhookUrl: receiver.url,
    retryBackoffMs: [10, 20, 40],
    log: (m) => logged.push(m),
  });
  config = { secretKey: STRIPE_DEV_CREDENTIALS.secretKey, webhookSecret: STRIPE_DEV_CREDENTIALS.webhookSecret, host: "127.0.0.1", port: simulator.port, protocol: "http", simulator: true };
});

afterAll(async () => {
  await simulator.close();
  await receiver.close();
});

const adapter = () => createStripeAdapter(config);
/** The bare SDK on the same simulator, for what the adapter does not expose (answer headers, raw params). */
const sdk = () => new Stripe(config.secretKey, { host: config.host, port: config.port, protocol: config.protocol, maxNetworkRetries: 0 });

let keyCounter = 0;
function newSession(overrides: Partial<NewCheckoutSession> = {}): NewCheckoutSession {
  return {
    clientReference: "NPS6R2WD",
    lineItems: [
      { name: "Identity verification", unitAmountPence: 5000, quantity: 3 },
      { name: "VAT at 20%", unitAmountPence: 3000, quantity: 1 },
    ],
    amountDuePence: 18000,
    currency: "gbp",
    customerEmail: "kate.holloway@northgate-property.example",
    successUrl: "http://localhost:3000/requests/identity-verification/{CHECKOUT_SESSION_ID}",
    cancelUrl: "http://localhost:3000/requests/identity-verification/?journey=PayByCard",
    metadata: { journey: "PayByCard" },
    idempotencyKey: `client-1-attempt-${++keyCounter}`,
    ...overrides,
  };
}

async function caught<T>(p: Promise<T> | (() => T)): Promise<unknown> {
  try {
    await (typeof p === "function" ? p() : p);
  } catch (e) {
    return e;
  }
  throw new Error("expected a failure");
}

/** Pays a session on the simulator's hosted page, as a browser would submit its form. */
async function pay(url: string, card = "4242 4242 4242 4242") {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ action: "pay", email: "kate.holloway@northgate-property.example", card, expiry: "12 / 34", cvc: "123" }),
    redirect: "manual",
  });
}

describe("Stripe adapter against the simulator", () => {
  it("creates a Checkout Session and retrieves it", async () => {
    const created = await adapter().createCheckoutSession(newSession());
    expect(created.id).toMatch(/^cs_test_/);
    expect(created).toMatchObject({
      status: "open",
      paymentStatus: "unpaid",
      amountTotal: 18000,
      currency: "gbp",
      clientReference: "NPS6R2WD",
      customerEmail: "kate.holloway@northgate-property.example",
      metadata: { journey: "PayByCard", clientReference: "NPS6R2WD" },
      paymentIntentId: null,
    });
    expect(created.url).toBe(`${simulator.url}/pay/${created.id}`);
    expect(created.expiresAt.getTime() - created.created.getTime()).toBe(24 * 3600 * 1000);

    const retrieved = await adapter().retrieveCheckoutSession(created.id);
    expect(retrieved).toEqual(created);

    const page = await fetch(created.url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("£180.00");
    expect(html).toContain("Identity verification");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  it("replays a create with the same idempotency key and parameters, and says so", async () => {
    const input = newSession();
    const first = await adapter().createCheckoutSession(input);
    const again = await adapter().createCheckoutSession(input);
    expect(again.id).toBe(first.id);

    const params = { mode: "payment" as const, success_url: "https://portal.example/ok", line_items: [{ quantity: 1, price_data: { currency: "gbp", unit_amount: 100, product_data: { name: "x" } } }] };
    const a = await sdk().checkout.sessions.create(params, { idempotencyKey: "replay-check" });
    const b = await sdk().checkout.sessions.create(params, { idempotencyKey: "replay-check" });
    expect(b.id).toBe(a.id);
    expect(a.lastResponse.headers["idempotent-replayed"]).toBeUndefined();
    expect(b.lastResponse.headers["idempotent-replayed"]).toBe("true");
    expect(b.lastResponse.headers["idempotency-key"]).toBe("replay-check");
    expect(b.lastResponse.requestId).toMatch(/^req_/);
  });

  it("refuses the same idempotency key with different parameters", async () => {
    const input = newSession();
    await adapter().createCheckoutSession(input);
    const e = await caught(adapter().createCheckoutSession({ ...input, lineItems: [{ name: "Identity verification", unitAmountPence: 6000, quantity: 3 }], amountDuePence: 18000 }));
    expect(e).toBeInstanceOf(PaymentProviderError);
    expect((e as PaymentProviderError).kind).toBe("idempotency");
    expect((e as PaymentProviderError).details.statusCode).toBe(400);
    expect((e as PaymentProviderError).retryable).toBe(false);
  });

  it("refuses line items that do not add up to the amount due, before calling Stripe", async () => {
    const e = await caught(adapter().createCheckoutSession(newSession({ amountDuePence: 17999 })));
    expect((e as PaymentProviderError).kind).toBe("invalid_request");
    expect((e as PaymentProviderError).details.statusCode).toBeUndefined();
  });

  it("maps an unknown session to not_found (Stripe's resource_missing)", async () => {
    const e = await caught(adapter().retrieveCheckoutSession("cs_test_doesnotexist"));
    expect(e).toBeInstanceOf(PaymentProviderError);
    expect(e).toMatchObject({ kind: "not_found", details: { code: "resource_missing", statusCode: 404, param: "session" } });
    expect((e as Error).message).toContain("No such checkout.session: 'cs_test_doesnotexist'");
  });

  it("maps a wrong API key to an authentication error", async () => {
    const e = await caught(createStripeAdapter({ ...config, secretKey: "sk_test_wrong_key_1234" }).retrieveCheckoutSession("cs_test_x"));
    expect(e).toMatchObject({ kind: "authentication", details: { statusCode: 401 } });
    expect((e as Error).message).toMatch(/Invalid API Key provided: sk_test_\*+1234/);
  });

  it("answers missing and malformed parameters as Stripe does", async () => {
    const missing = await caught(sdk().checkout.sessions.create({ mode: "payment", line_items: [{ quantity: 1, price_data: { currency: "gbp", unit_amount: 100, product_data: { name: "x" } } }] }));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 400, code: "parameter_missing", param: "success_url", message: "Missing required param: success_url." });

    const noItems = await caught(sdk().checkout.sessions.create({ mode: "payment", success_url: "https://portal.example/ok" }));
    expect(noItems).toMatchObject({ code: "parameter_missing", param: "line_items" });

    const noMode = await caught(sdk().checkout.sessions.create({ success_url: "https://portal.example/ok" } as Stripe.Checkout.SessionCreateParams));
    expect(noMode).toMatchObject({ code: "parameter_missing", param: "mode" });

    const noAmount = await caught(sdk().checkout.sessions.create({ mode: "payment", success_url: "https://portal.example/ok", line_items: [{ quantity: 1, price_data: { currency: "gbp", product_data: { name: "x" } } }] }));
    expect(noAmount).toMatchObject({ code: "parameter_missing", param: "line_items[0][price_data][unit_amount]" });

    const unknown = await caught(sdk().checkout.sessions.create({ mode: "payment", success_url: "https://portal.example/ok", colour: "red" } as Stripe.Checkout.SessionCreateParams));
    expect(unknown).toMatchObject({ code: "parameter_unknown", param: "colour" });

    // A refused request saves nothing under its idempotency key: corrected, the same key works.
    const key = "fix-and-retry";
    await caught(sdk().checkout.sessions.create({ mode: "payment", success_url: "not a url", line_items: [{ quantity: 1, price_data: { currency: "gbp", unit_amount: 100, product_data: { name: "x" } } }] }, { idempotencyKey: key }));
    const fixed = await sdk().checkout.sessions.create({ mode: "payment", success_url: "https://portal.example/ok", line_items: [{ quantity: 1, price_data: { currency: "gbp", unit_amount: 100, product_data: { name: "x" } } }] }, { idempotencyKey: key });
    expect(fixed.id).toMatch(/^cs_test_/);
  });

  it("sends a signed checkout.session.completed webhook when the hosted page is paid, and redirects to success_url", async () => {
    const session = await adapter().createCheckoutSession(newSession());

    const declined = await pay(session.url!, "4000 0000 0000 0002");
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card has been declined.");
    expect((await adapter().retrieveCheckoutSession(session.id)).status).toBe("open");

    const before = receiver.received.length;
    const paid = await pay(session.url!);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://localhost:3000/requests/identity-verification/${session.id}`);
    await simulator.idle();

    const hooks = receiver.received.slice(before);
    expect(hooks).toHaveLength(1);
    const hook = hooks[0]!;
    expect(hook.contentType).toMatch(/^application\/json/);
    // Signed as Stripe signs: the SDK's own test-header helper gives the same header for that timestamp.
    const t = Number(/t=(\d+)/.exec(hook.signature)![1]);
    expect(hook.signature).toBe(Stripe.webhooks.generateTestHeaderString({ payload: hook.body, secret: STRIPE_DEV_CREDENTIALS.webhookSecret, timestamp: t }));

    const event = adapter().verifyWebhook(hook.body, hook.signature);
    expect(event.id).toMatch(/^evt_/);
    expect(event.type).toBe("checkout.session.completed");
    expect(event.livemode).toBe(false);
    expect(event.checkoutSession).toMatchObject({ id: session.id, status: "complete", paymentStatus: "paid", amountTotal: 18000, currency: "gbp", clientReference: "NPS6R2WD" });
    expect(event.checkoutSession!.paymentIntentId).toMatch(/^pi_/);
    const raw = JSON.parse(hook.body);
    expect(raw).toMatchObject({ object: "event", api_version: expect.any(String), data: { object: { object: "checkout.session" } } });

    const after = await adapter().retrieveCheckoutSession(session.id);
    expect(after).toMatchObject({ status: "complete", paymentStatus: "paid", url: null });
    expect((await pay(session.url!)).status).toBe(409);
  });

  it("refuses a webhook whose signature is missing, wrong, or older than 300 seconds", async () => {
    const session = await adapter().createCheckoutSession(newSession());
    const before = receiver.received.length;
    await pay(session.url!);
    await simulator.idle();
    const hook = receiver.received[before]!;
    const t = Number(/t=(\d+)/.exec(hook.signature)![1]);

    const reason = async (fn: () => unknown) => ((await caught(fn)) as WebhookSignatureError).reason;
    expect(await reason(() => adapter().verifyWebhook(hook.body, undefined))).toBe("missing");
    expect(await reason(() => adapter().verifyWebhook(hook.body.replace('"amount_total": 18000', '"amount_total": 1'), hook.signature))).toBe("invalid");
    // The parsed-and-re-serialised body is not what was signed: the raw bytes must be verified.
    expect(await reason(() => adapter().verifyWebhook(JSON.stringify(JSON.parse(hook.body)), hook.signature))).toBe("invalid");
    expect(await reason(() => createStripeAdapter({ ...config, webhookSecret: "whsec_other" }).verifyWebhook(hook.body, hook.signature))).toBe("invalid");
    expect(await reason(() => adapter().verifyWebhook(hook.body, "t=abc,v1=00"))).toBe("invalid");

    const at = (seconds: number) => new Date((t + seconds) * 1000);
    expect(adapter().verifyWebhook(hook.body, hook.signature, at(WEBHOOK_TOLERANCE_SECONDS - 1)).type).toBe("checkout.session.completed");
    expect(await reason(() => adapter().verifyWebhook(hook.body, hook.signature, at(WEBHOOK_TOLERANCE_SECONDS + 1)))).toBe("stale");
    expect(await caught(() => adapter().verifyWebhook(hook.body, hook.signature, at(WEBHOOK_TOLERANCE_SECONDS + 1)))).toBeInstanceOf(WebhookSignatureError);
  });

  it("expires a session, sends checkout.session.expired, and refuses to expire it twice", async () => {
    const session = await adapter().createCheckoutSession(newSession());
    const before = receiver.received.length;
    const expired = await adapter().expireCheckoutSession(session.id);
    expect(expired).toMatchObject({ id: session.id, status: "expired", paymentStatus: "unpaid", url: null });
    await simulator.idle();
    const event = adapter().verifyWebhook(receiver.received[before]!.body, receiver.received[before]!.signature);
    expect(event.type).toBe("checkout.session.expired");
    expect(event.checkoutSession).toMatchObject({ id: session.id, status: "expired" });

    const again = await caught(adapter().expireCheckoutSession(session.id));
    expect(again).toMatchObject({ kind: "invalid_request", details: { statusCode: 400 } });
    expect((await pay(session.url!)).status).toBe(409);
  });

  it("sends the browser to cancel_url on Cancel, leaving the session open", async () => {
    const session = await adapter().createCheckoutSession(newSession());
    const res = await fetch(session.url!, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "action=cancel", redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("http://localhost:3000/requests/identity-verification/?journey=PayByCard");
    expect((await adapter().retrieveCheckoutSession(session.id)).status).toBe("open");
  });

  it("retries a webhook the endpoint refuses, with backoff, and logs each failure", async () => {
    const session = await adapter().createCheckoutSession(newSession());
    receiver.state.failNext = 2;
    const before = receiver.received.length;
    logged.length = 0;
    await pay(session.url!);
    await simulator.idle();
    expect(receiver.received.length - before).toBe(1);
    const record = simulator.events().find((e) => e.event.type === "checkout.session.completed" && (e.event.data.object as { id: string }).id === session.id)!;
    expect(record.delivered).toBe(true);
    expect(record.deliveries.map((d) => d.status)).toEqual([500, 500, 200]);
    expect(logged.filter((l) => l.includes("HTTP 500"))).toHaveLength(2);
    expect(adapter().verifyWebhook(receiver.received[before]!.body, receiver.received[before]!.signature).id).toBe(record.event.id);

    const listed = (await (await fetch(`${simulator.url}/_simulator/events`)).json()) as { data: { event: { id: string } }[] };
    expect(listed.data.map((e) => e.event.id)).toContain(record.event.id);
  });
});

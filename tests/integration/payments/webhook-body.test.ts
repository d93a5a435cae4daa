// POST /api/webhooks/stripe with correctly signed bodies that are not well-formed events: every one
// answers 400 (never a 5xx with a stack trace), stores nothing, and random signed bodies never give
// a 5xx (fast-check).
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { POST as webhook } from "@/app/api/webhooks/stripe/route";
import { getDb } from "@/db";
import { clients, processedWebhookEvents } from "@/db/schema";
import { setupTestDb } from "../support/setup-test-db";
import { insertCardClient, webhookRequest, withStripeSimulator } from "./support";
import { captureLogs, type CapturedLogs } from "@/lib/log/capture";

setupTestDb({ seed: false });
withStripeSimulator();

let logs: CapturedLogs;
beforeEach(() => {
  logs = captureLogs("warn");
});
afterEach(() => logs.restore());

const now = () => Math.floor(Date.now() / 1000);

/** A well-formed checkout.session.completed event for a client reference (paid, the wrong amount). */
function goodEvent(reference: string, id = `evt_${Math.random().toString(36).slice(2)}`) {
  return {
    id,
    object: "event",
    api_version: "2025-01-27.acacia",
    created: now(),
    livemode: false,
    type: "checkout.session.completed",
    data: {
      object: {
        id: `cs_test_${Math.random().toString(36).slice(2)}`,
        object: "checkout.session",
        amount_total: 1,
        currency: "gbp",
        client_reference_id: reference,
        customer_email: null,
        customer_details: null,
        metadata: {},
        payment_status: "paid",
        payment_intent: "pi_test_1",
        status: "complete",
        url: null,
        created: now(),
        expires_at: now() + 3600,
      },
    },
  };
}

async function eventRows() {
  const db = await getDb();
  return (await db.select({ n: sql<number>`count(*)::int` }).from(processedWebhookEvents))[0]!.n;
}

const send = (body: string) => webhook(webhookRequest(null, { body }));

describe("POST /api/webhooks/stripe: a signed body that is not a well-formed event", () => {
  const remove = (o: Record<string, unknown>, key: string) => {
    const copy = { ...o };
    delete copy[key];
    return copy;
  };
  type Event = ReturnType<typeof goodEvent>;
  const session = (e: Event, change: Record<string, unknown>) => ({ ...e, data: { object: { ...e.data.object, ...change } } });
  const cases: [string, (e: Event) => unknown][] = [
    ["a null id", (e) => ({ ...e, id: null })],
    ["a missing id", (e) => remove(e, "id")],
    ["an empty id", (e) => ({ ...e, id: "" })],
    ["a numeric id", (e) => ({ ...e, id: 42 })],
    ["an id with NUL", (e) => ({ ...e, id: "evt_\u0000x" })],
    ["an id of 10,000 characters", (e) => ({ ...e, id: "e".repeat(10_000) })],
    ["a null type", (e) => ({ ...e, type: null })],
    ["a created time as text", (e) => ({ ...e, created: "yesterday" })],
    ["no data", (e) => remove(e, "data")],
    ["data without an object", (e) => ({ ...e, data: {} })],
    ["a session with a null id", (e) => session(e, { id: null })],
    ["a session without its expiry", (e) => ({ ...e, data: { object: remove(e.data.object, "expires_at") } })],
    ["a session expiring after the year 9999", (e) => session(e, { expires_at: 1e15 })],
    ["a session with a huge amount", (e) => session(e, { amount_total: 1e20 })],
    ["a session with a null payment status", (e) => session(e, { payment_status: null })],
    ["a session with a numeric metadata value", (e) => session(e, { metadata: { clientId: 1 } })],
    ["a session with NUL in its reference", (e) => session(e, { client_reference_id: "AB\u0000" })],
    ["a session with a lone surrogate in its metadata", (e) => session(e, { metadata: { kind: "\ud800" } })],
    ["JSON null", () => null],
    ["a JSON array", () => []],
    ["a JSON number", () => 1],
  ];

  it.each(cases)("%s: 400, nothing stored, one log line without a stack", async (_label, make) => {
    const db = await getDb();
    const { client } = await insertCardClient(db);
    const before = await eventRows();
    const res = await send(JSON.stringify(make(goodEvent(client.reference))));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "bad_request", message: "The notification could not be read." });
    expect(await eventRows()).toBe(before);
    expect((await db.select().from(clients).where(eq(clients.id, client.id)))[0]!.paid).toBe(false);
    expect(logs.messages("error")).toEqual([]);
    expect(logs.messages("warn")).toHaveLength(1);
    expect(logs.messages("warn")[0]).toMatch(/^\[stripe webhook\] refused: The signed Stripe event is malformed: /);
  });

  it("the well-formed event those were made from is accepted (200)", async () => {
    const { client } = await insertCardClient(await getDb());
    const res = await send(JSON.stringify(goodEvent(client.reference)));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, outcome: "handled" });
  });
});

describe("POST /api/webhooks/stripe: random signed bodies (fast-check)", () => {
  it("never answer 5xx (1,000 bodies)", async () => {
    const { client } = await insertCardClient(await getDb());
    const anything = fc.jsonValue({ maxDepth: 2 });
    const text = fc.oneof({ weight: 4, arbitrary: fc.string({ maxLength: 30 }) }, { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) });
    /** Mostly a good value, sometimes any JSON, sometimes left out. */
    const field = <T>(good: fc.Arbitrary<T>) =>
      fc.oneof({ weight: 30, arbitrary: good as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: anything }, { weight: 1, arbitrary: fc.constant(undefined) });
    const time = fc.oneof({ weight: 8, arbitrary: fc.constant(now()) }, { weight: 1, arbitrary: fc.integer() }, { weight: 1, arbitrary: fc.double() });
    const sessionArb = fc.record({
      object: field(fc.constant("checkout.session")),
      id: field(fc.oneof(fc.constant("cs_test_fc"), text)),
      amount_total: field(fc.oneof(fc.constant(23400), fc.integer(), fc.constant(null))),
      currency: field(fc.constantFrom("gbp", "usd", "")),
      client_reference_id: field(fc.oneof(fc.constant(client.reference), text, fc.constant(null))),
      customer_email: field(fc.oneof(fc.constant(null), text)),
      customer_details: field(fc.oneof(fc.constant(null), fc.record({ email: field(text) }))),
      metadata: field(fc.oneof(fc.constant({ clientId: String(client.id) }), fc.constant({ kind: "addition", additionId: "1", clientId: String(client.id) }), fc.dictionary(text, text, { maxKeys: 3 }))),
      payment_status: field(fc.constantFrom("paid", "unpaid", "no_payment_required", "odd")),
      payment_intent: field(fc.oneof(fc.constant(null), text, fc.record({ id: field(text) }))),
      status: field(fc.constantFrom("open", "complete", "expired")),
      url: field(fc.oneof(fc.constant(null), text)),
      created: field(time),
      expires_at: field(time),
    });
    const eventArb = fc.record({
      id: field(fc.oneof(fc.uuid().map((u) => `evt_${u}`), text)),
      object: field(fc.constant("event")),
      type: field(fc.constantFrom("checkout.session.completed", "checkout.session.async_payment_succeeded", "checkout.session.expired", "invoice.paid", "")),
      created: field(time),
      livemode: field(fc.boolean()),
      data: field(fc.record({ object: field(fc.oneof({ weight: 4, arbitrary: sessionArb }, { weight: 1, arbitrary: anything })) })),
    });
    const body = fc.oneof({ weight: 9, arbitrary: eventArb.map((e) => JSON.stringify(e)) }, { weight: 1, arbitrary: anything.map((v) => JSON.stringify(v) ?? "null") });
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(body, async (raw) => {
        const res = await send(raw);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 1000 },
    );
    // Both sides were exercised: refused bodies and events acted on.
    expect(statuses.get(400)).toBeGreaterThan(100);
    expect(statuses.get(200)).toBeGreaterThan(50);
    expect(logs.messages("error")).toEqual([]);
  }, 60_000);
});

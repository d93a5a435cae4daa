// The audit trail is a hash chain whose head row is locked from a transaction's first audit entry
// until that transaction ends (migration 0037): every other audit writer in the portal waits for it.
// So no action may call an outside service after its first audit entry and before it commits. Here
// each action's outside call answers slowly (a proxy in front of the simulator holds the answer), and
// while it waits an unrelated audit entry, written in a transaction of its own, must go through: the
// order of events says so (the entry is written before the slow call is answered), not a stopwatch.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { getDb } from "@/db";
import { POST as startYoti } from "@/app/api/director-verification/director-verification/start-yoti/route";
import { resetEnvCache } from "@/lib/env";
import { resetYoti } from "@/lib/integrations/yoti";
import { getJobQueue } from "@/lib/jobs/queue";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { raiseInvoice } from "@/lib/server/invoices/raise-invoice";
import { beginCardPayment } from "@/lib/server/payments/begin-card-payment";
import { completeDetails, insertClientWithDirectors } from "../support/factories";
import { insertCardClient, withStripeSimulator } from "./payments/support";
import { jsonRequest } from "./support/requests";
import { sageSimulatorForFile } from "./support/sage-simulator";
import { setupTestDb } from "./support/setup-test-db";
import { asDirector } from "./support/test-users";
import { yotiSimulatorForFile } from "./support/yoti-simulator";

/** How long the slow outside call keeps the action waiting. */
const SLOW_MS = 2_000;

setupTestDb({ seed: false, env: { VAT_RATE_PERCENT: "20", DIRECTOR_PRICE_PENCE: "6500" } });
const stripe = withStripeSimulator();
const yoti = yotiSimulatorForFile();
const sage = sageSimulatorForFile();

/** What happened, in the order it happened. */
let events: string[] = [];

interface SlowProxy {
  url: string;
  /** The calls to hold back (method and path); none by default. */
  slow: ((method: string, path: string) => boolean) | null;
  /** Resolves when the next slow call arrives. */
  asked(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A reverse proxy in front of a simulator: passes every call through, and answers the ones `slow`
 * picks SLOW_MS late, recording in `events` when such a call arrived and when it was answered.
 */
async function slowProxy(name: string, target: () => string): Promise<SlowProxy> {
  let arrived: (() => void) | undefined;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const path = req.url ?? "/";
        const held = proxy.slow?.(req.method ?? "GET", path) ?? false;
        if (held) {
          events.push(`${name} asked`);
          arrived?.();
        }
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !["host", "connection", "content-length"].includes(k)) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
        const body = chunks.length ? Buffer.concat(chunks) : undefined;
        const answer = await fetch(new URL(path, target()), { method: req.method, headers, body: req.method === "GET" || req.method === "HEAD" ? undefined : body });
        const bytes = Buffer.from(await answer.arrayBuffer());
        if (held) {
          await new Promise((r) => setTimeout(r, SLOW_MS));
          events.push(`${name} answered`);
        }
        const out: Record<string, string> = {};
        answer.headers.forEach((v, k) => {
          if (!["content-encoding", "content-length", "transfer-encoding", "connection"].includes(k)) out[k] = v;
        });
        res.writeHead(answer.status, { ...out, "content-length": String(bytes.length) });
        res.end(bytes);
      })().catch((err: unknown) => {
        res.writeHead(502);
        res.end(String(err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const proxy: SlowProxy = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    slow: null,
    asked: () => new Promise<void>((resolve) => (arrived = resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return proxy;
}

let stripeProxy: SlowProxy;
let yotiProxy: SlowProxy;
let sageProxy: SlowProxy;

// After the simulators' own set-up (hooks run in the order they are declared): the portal is pointed
// at the proxies instead. The simulators' clean-up restores the variables.
beforeAll(async () => {
  await getJobQueue(); // its tables: the Sage simulator's clean-up empties them after each test
  stripeProxy = await slowProxy("Stripe", () => stripe.current.url);
  yotiProxy = await slowProxy("Yoti", () => yoti().base);
  sageProxy = await slowProxy("Sage", () => sage().apiBase);
  process.env.STRIPE_API_BASE = stripeProxy.url;
  process.env.YOTI_IDV_API_URL = `${yotiProxy.url}/idverify/v1`;
  process.env.SAGE_API_BASE = `${sageProxy.url}${new URL(sage().apiBase).pathname.replace(/\/+$/, "")}`;
  resetEnvCache();
  resetYoti();
});

afterAll(async () => {
  await Promise.all([stripeProxy?.close(), yotiProxy?.close(), sageProxy?.close()]);
});

beforeEach(() => {
  events = [];
  for (const p of [stripeProxy, yotiProxy, sageProxy]) p.slow = null;
});

/** An audit entry of nothing the action touches, in its own transaction, as any other request would write one. */
async function unrelatedAuditEntry() {
  const db = await getDb();
  await db.transaction((tx) => writeAudit(tx, { action: "Unrelated entry", auditType: "ClientModified", entityType: "Test", entityId: "audit-head-lock", user: "system" }));
  events.push("unrelated entry written");
}

/**
 * Starts `action`, waits until its slow outside call has arrived at `proxy`, writes the unrelated
 * entry, and lets the action finish. Answers what the action answered.
 */
async function whileTheOutsideCallWaits<T>(proxy: SlowProxy, name: string, action: () => Promise<T>): Promise<T> {
  const asked = proxy.asked();
  const running = action();
  await Promise.race([asked, running.then(() => Promise.reject(new Error(`the action finished without the slow call to ${name}`)))]);
  await unrelatedAuditEntry();
  const result = await running;
  expect(events).toEqual([`${name} asked`, "unrelated entry written", `${name} answered`]);
  return result;
}

describe("an action waiting on an outside service holds up no other audit writer", () => {
  it("card payment: replacing an open session (Stripe expires the old one slowly)", async () => {
    const db = await getDb();
    const { client } = await insertCardClient(db);
    const first = await beginCardPayment({ db, clientId: client.id });
    expect(first.ok).toBe(true);

    stripeProxy.slow = (method, path) => method === "POST" && /^\/v1\/checkout\/sessions\/[^/]+\/expire$/.test(path);
    const second = await whileTheOutsideCallWaits(stripeProxy, "Stripe", () => beginCardPayment({ db, clientId: client.id, replaceOpen: true }));
    expect(second.ok).toBe(true);
    expect(second.url).not.toBe(first.url);
  }, 30_000);

  it("identity check: starting a session (Yoti creates it slowly)", async () => {
    const db = await getDb();
    const { directors } = await insertClientWithDirectors(db, { client: { status: "New" }, directors: [completeDetails()] });
    yotiProxy.slow = (method, path) => method === "POST" && path.startsWith("/idverify/v1/sessions");
    const res = await whileTheOutsideCallWaits(yotiProxy, "Yoti", () =>
      startYoti(jsonRequest("/api/director-verification/director-verification/start-yoti", {}, { headers: asDirector(directors[0]!) })),
    );
    expect(res.status).toBe(200);
  }, 30_000);

  it("invoice: raising it in Sage (Sage creates the invoice slowly)", async () => {
    const db = await getDb();
    const { client } = await insertClientWithDirectors(db, { client: { journey: "PayByInvoice", billingEntityName: "Slow Ledger Ltd" }, directors: 2 });
    sageProxy.slow = (method, path) => method === "POST" && /\/sales_invoices(\?|$)/.test(path);
    const result = await whileTheOutsideCallWaits(sageProxy, "Sage", () => raiseInvoice({ db, clientId: client.id }));
    expect(result).toMatchObject({ outcome: "raised", foundExisting: false });
  }, 30_000);
});

import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { rowsOf } from "@/db/client";
import { resetEnvCache } from "@/lib/env";
import { getJobQueue } from "@/lib/jobs/queue";
import { STRIPE_DEV_CREDENTIALS } from "@/lib/integrations/stripe/dev-credentials";
import { startStripeSimulator, type StripeSimulator } from "@/lib/integrations/stripe/simulator/server";
import { signatureHeader, type SentEvent } from "@/lib/integrations/stripe/simulator/webhooks";
import { insertClientWithDirectors } from "../../support/factories";
import { ORIGIN } from "../support/requests";

/**
 * The Stripe simulator in this process (port 0), with the portal configured to use it. Its events
 * are only recorded (no webhook URL): each test delivers them to the route itself, when and as
 * often as it wants.
 */
export function withStripeSimulator(): { current: StripeSimulator } {
  const holder = {} as { current: StripeSimulator };
  const saved: Record<string, string | undefined> = {};
  const env = () => ({
    STRIPE_SECRET_KEY: STRIPE_DEV_CREDENTIALS.secretKey,
    STRIPE_WEBHOOK_SECRET: STRIPE_DEV_CREDENTIALS.webhookSecret,
    STRIPE_API_BASE: holder.current.url,
    VAT_RATE_PERCENT: "20",
    DIRECTOR_PRICE_PENCE: "6500",
  });
  beforeAll(async () => {
    holder.current = await startStripeSimulator(0, { secretKey: STRIPE_DEV_CREDENTIALS.secretKey, webhookSecret: STRIPE_DEV_CREDENTIALS.webhookSecret, log: () => {} });
    for (const [k, v] of Object.entries(env())) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
    resetEnvCache();
  });
  afterAll(async () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
    await holder.current.close();
  });
  return holder;
}

/** A card request waiting for payment: 3 individuals at £65, VAT 20% → £234.00 due. */
export async function insertCardClient(db: Db, directors = 3) {
  return insertClientWithDirectors(db, { client: { journey: "PayByCard", status: "PaymentPending" }, directors });
}

export const GOOD_CARD = "4242424242424242";

/** Pays on the simulator's hosted page, as the payer's browser would; returns where it redirected. */
export async function payOnHostedPage(checkoutUrl: string, card = GOOD_CARD): Promise<Response> {
  return fetch(checkoutUrl, { method: "POST", body: new URLSearchParams({ card, email: "payer@example.co.uk" }), redirect: "manual" });
}

/** The simulator's last event of a type for a session. */
export function eventFor(sim: StripeSimulator, type: string, sessionId: string): SentEvent["event"] {
  const found = sim.events().filter((e) => e.event.type === type && (e.event.data.object as { id: string }).id === sessionId);
  if (!found.length) throw new Error(`no ${type} event for ${sessionId}`);
  return found[found.length - 1]!.event;
}

/** A webhook request as Stripe sends it: the pretty-printed JSON, signed at `at` (unix seconds). */
export function webhookRequest(event: unknown, options: { at?: number; secret?: string; signature?: string | null; body?: string } = {}): Request {
  const body = options.body ?? JSON.stringify(event, null, 2);
  const at = options.at ?? Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8", "user-agent": "Stripe/1.0" };
  const signature = options.signature === undefined ? signatureHeader(body, options.secret ?? STRIPE_DEV_CREDENTIALS.webhookSecret, at) : options.signature;
  if (signature !== null) headers["stripe-signature"] = signature;
  return new Request(`${ORIGIN}/api/webhooks/stripe`, { method: "POST", headers, body });
}

/** Jobs waiting under a singleton key (invitations are keyed `invitation:<directorId>`). */
export async function jobsWithKeys(db: Db, keys: string[]): Promise<number> {
  if (!keys.length) return 0;
  await getJobQueue(); // opens the queue (and creates its tables) on first use
  const rows = await db.execute(sql`select count(*)::int as n from pgboss.job where singleton_key in (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`);
  return Number(rowsOf<{ n: number }>(rows)[0]!.n);
}

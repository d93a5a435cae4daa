// Events and their delivery, as Stripe sends them to a webhook endpoint: a JSON body (pretty-printed,
// so that a receiver which re-serialises the parsed body instead of verifying the raw bytes fails, as
// it would with Stripe) signed in the `Stripe-Signature` header as
//   t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the endpoint's signing secret>
// A non-2xx answer or a network failure is retried with backoff, as Stripe retries.
import { createHmac } from "node:crypto";
import { newId } from "./checkout";
import { log as processLog } from "../../../log";

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface Delivery {
  attempt: number;
  at: string;
  /** HTTP status of the answer, or null when none came (connection refused, timeout). */
  status: number | null;
  error?: string;
}

/** An event the simulator created, with every attempt to deliver it. */
export interface SentEvent {
  event: StripeEvent;
  deliveries: Delivery[];
  delivered: boolean;
}

export function buildEvent(type: string, object: unknown, opts: { apiVersion: string; now: number; request?: { id: string; idempotencyKey: string | null } }): StripeEvent {
  return {
    id: newId("evt"),
    object: "event",
    api_version: opts.apiVersion,
    created: Math.floor(opts.now / 1000),
    // A snapshot: later changes to the session must not alter an event already sent.
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: opts.request?.id ?? null, idempotency_key: opts.request?.idempotencyKey ?? null },
    type,
  };
}

/** The `Stripe-Signature` header value for `payload` signed at `timestamp` (unix seconds). */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

export interface DeliveryOptions {
  url: string;
  secret: string;
  /** Waits before each retry, in ms; its length is the number of retries. */
  backoffMs: number[];
  timeoutMs?: number;
  log?: (message: string) => void;
  /** Ends waiting and sending when the simulator stops. */
  signal?: AbortSignal;
}

function sleep(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}

/**
 * Delivers one event, retrying on failure. Each attempt is signed afresh (a new timestamp), as
 * Stripe does, so a retry long after the event is not refused as stale by the receiver.
 */
export async function deliver(sent: SentEvent, opts: DeliveryOptions): Promise<void> {
  const payload = JSON.stringify(sent.event, null, 2);
  const log = opts.log ?? ((m: string) => processLog.warn(m));
  for (let attempt = 1; attempt <= opts.backoffMs.length + 1; attempt++) {
    if (attempt > 1) {
      try {
        await sleep(opts.backoffMs[attempt - 2]!, opts.signal);
      } catch {
        return;
      }
    }
    const delivery: Delivery = { attempt, at: new Date().toISOString(), status: null };
    sent.deliveries.push(delivery);
    try {
      const res = await fetch(opts.url, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "stripe-signature": signatureHeader(payload, opts.secret, Math.floor(Date.now() / 1000)),
        },
        body: payload,
        redirect: "manual",
        signal: opts.signal ? AbortSignal.any([opts.signal, AbortSignal.timeout(opts.timeoutMs ?? 10_000)]) : AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      delivery.status = res.status;
      await res.body?.cancel();
      if (res.ok) {
        sent.delivered = true;
        return;
      }
      log(`[stripe simulator] webhook ${sent.event.type} ${sent.event.id} to ${opts.url}: HTTP ${res.status} (attempt ${attempt})`);
    } catch (e) {
      if (opts.signal?.aborted) return;
      delivery.error = e instanceof Error ? e.message : String(e);
      log(`[stripe simulator] webhook ${sent.event.type} ${sent.event.id} to ${opts.url}: ${delivery.error} (attempt ${attempt})`);
    }
  }
  log(`[stripe simulator] webhook ${sent.event.id} given up after ${opts.backoffMs.length + 1} attempts`);
}

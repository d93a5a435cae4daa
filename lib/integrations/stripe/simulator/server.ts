// A local Stripe for development and tests, speaking Stripe's wire protocol so that the portal's
// real adapter (the official SDK) talks to it unchanged:
// - API under /v1: `Authorization: Bearer <secret key>` (or Basic with the key as user name),
//   form-encoded bodies in bracket notation, `Idempotency-Key` on POSTs, Stripe's error JSON,
//   `Request-Id` and `Stripe-Version` answer headers. Checkout Sessions: create, retrieve, expire.
// - Hosted checkout page at /pay/<session id> (the session's `url`): paying completes the session,
//   sends `checkout.session.completed` to the webhook endpoint and redirects to `success_url`.
// - Webhooks signed with the endpoint secret, retried with backoff on failure.
// - /_simulator/*: health, and the events sent with their delivery attempts (for tests).
// State lives in memory: a restart forgets every session, as a fresh Stripe test account would.
import { closeServer, listenOnLoopback, readBody } from "../../simulator-http";
import { randomBytes, timingSafeEqual } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { completeSession, createSession, expireSession, type StoredSession } from "./checkout";
import { invalidRequest, resourceMissing, StripeApiError } from "./errors";
import { canonical, FormError, parseForm, type FormRecord } from "./form";
import { checkoutPage, closedPage, DECLINED_CARD, notFoundPage } from "./page";
import { buildEvent, deliver, type SentEvent } from "./webhooks";
import { log as processLog } from "../../../log";

/** The API version events are rendered in when a request names none (that of stripe-node 23.1.0). */
export const DEFAULT_API_VERSION = "2026-10-28.endive";
const MAX_BODY = 256 * 1024;

export interface StripeSimulatorOptions {
  /** The only API key accepted. */
  secretKey: string;
  /** The webhook endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
  /** Where events are POSTed; without it events are only recorded. */
  webhookUrl?: string;
  /** Origin of the hosted page in session URLs; defaults to http://127.0.0.1:<port>. */
  publicUrl?: string;
  /** Waits before each webhook retry (ms). Defaults to 1 s, 2 s, 4 s, 8 s. */
  retryBackoffMs?: number[];
  log?: (message: string) => void;
  /** Clock in ms (tests). */
  now?: () => number;
}

export interface StripeSimulator {
  /** Base URL, e.g. http://127.0.0.1:12111 (the portal's STRIPE_API_BASE). */
  url: string;
  port: number;
  /** Every event created so far, oldest first, with its deliveries. */
  events(): SentEvent[];
  /** Resolves when no webhook delivery is in progress. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

interface SavedResponse {
  method: string;
  path: string;
  params: string;
  status: number;
  body: string;
}

class HttpError extends Error {
  constructor(public readonly status: number, message: string) {
    super(message);
  }
}

const tooLarge = () => new HttpError(413, "Request entity too large.");

const header = (req: IncomingMessage, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The API key of a request, from Bearer or Basic (key as user name) authorisation, as Stripe reads it. */
function apiKeyOf(req: IncomingMessage): string | undefined {
  const auth = header(req, "authorization") ?? "";
  const bearer = /^Bearer\s+(.+)$/i.exec(auth);
  if (bearer) return bearer[1]!.trim();
  const basic = /^Basic\s+(.+)$/i.exec(auth);
  if (basic) return Buffer.from(basic[1]!, "base64").toString("utf8").split(":")[0];
  return undefined;
}

const mask = (key: string) => `${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;

export async function startStripeSimulator(port: number, options: StripeSimulatorOptions): Promise<StripeSimulator> {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((m: string) => processLog.warn(m));
  const sessions = new Map<string, StoredSession>();
  const idempotency = new Map<string, SavedResponse>();
  const sent: SentEvent[] = [];
  const inFlight = new Set<Promise<void>>();
  const stopping = new AbortController();
  let baseUrl = "";
  let pageOrigin = "";

  function emit(type: string, stored: StoredSession, request?: { id: string; idempotencyKey: string | null }) {
    const event = buildEvent(type, stored.session, { apiVersion: stored.apiVersion, now: now(), request });
    const record: SentEvent = { event, deliveries: [], delivered: false };
    sent.push(record);
    if (!options.webhookUrl) return;
    const p = deliver(record, { url: options.webhookUrl, secret: options.webhookSecret, backoffMs: options.retryBackoffMs ?? [1000, 2000, 4000, 8000], log, signal: stopping.signal })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }

  /** Sessions whose expires_at has passed become expired, with their event, as Stripe does. */
  function sweepExpired() {
    const t = Math.floor(now() / 1000);
    for (const stored of sessions.values()) {
      if (stored.session.status === "open" && stored.session.expires_at <= t) {
        expireSession(stored);
        emit("checkout.session.expired", stored);
      }
    }
  }
  const sweeper = setInterval(sweepExpired, 10_000);
  sweeper.unref();

  function findSession(id: string): StoredSession {
    const stored = sessions.get(id);
    if (!stored) throw resourceMissing("checkout.session", id, "session");
    return stored;
  }

  function sendJson(res: ServerResponse, status: number, body: string, extra: Record<string, string> = {}) {
    res.writeHead(status, { "content-type": "application/json", "cache-control": "no-cache, no-store", ...extra });
    res.end(body);
  }

  function sendHtml(res: ServerResponse, status: number, html: string) {
    res.writeHead(status, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    });
    res.end(html);
  }

  function redirect(res: ServerResponse, location: string) {
    res.writeHead(303, { location, "cache-control": "no-store" });
    res.end();
  }

  /**
   * The /v1 API. Returns [status, JSON body]; throws StripeApiError for Stripe's error answers.
   * Synchronous on purpose: between the idempotency look-up and saving the answer nothing else
   * runs, so two concurrent requests with one key cannot both execute.
   */
  function api(req: IncomingMessage, path: string, body: FormRecord, request: { id: string; idempotencyKey: string | null; apiVersion: string }): [number, unknown] {
    const method = req.method ?? "GET";
    let m: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const stored = createSession(body, { now: now(), pageUrl: (id) => `${pageOrigin}/pay/${id}`, apiVersion: request.apiVersion });
      sessions.set(stored.session.id, stored);
      return [200, stored.session];
    }
    if (method === "GET" && (m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      sweepExpired();
      return [200, findSession(decodeURIComponent(m[1]!)).session];
    }
    if (method === "POST" && (m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path))) {
      sweepExpired();
      const stored = findSession(decodeURIComponent(m[1]!));
      if (stored.session.status !== "open") {
        throw invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${stored.session.status}".`);
      }
      expireSession(stored);
      emit("checkout.session.expired", stored, { id: request.id, idempotencyKey: request.idempotencyKey });
      return [200, stored.session];
    }
    throw new StripeApiError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, path: string) {
    const requestId = `req_${randomBytes(12).toString("hex")}`;
    const apiVersion = header(req, "stripe-version") ?? DEFAULT_API_VERSION;
    const common: Record<string, string> = { "request-id": requestId, "stripe-version": apiVersion };
    const fail = (e: StripeApiError, extra: Record<string, string> = {}) => sendJson(res, e.status, JSON.stringify(e.toJSON(), null, 2), { ...common, ...extra });

    const key = apiKeyOf(req);
    if (!key) {
      return fail(new StripeApiError(401, {
        type: "invalid_request_error",
        message: "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      }), { "www-authenticate": 'Bearer realm="Stripe"' });
    }
    if (!sameSecret(key, options.secretKey)) {
      return fail(new StripeApiError(401, { type: "invalid_request_error", code: "api_key_invalid", message: `Invalid API Key provided: ${mask(key)}` }), { "www-authenticate": 'Bearer realm="Stripe"' });
    }

    const method = req.method ?? "GET";
    let params: FormRecord;
    try {
      const raw = await readBody(req, MAX_BODY, tooLarge);
      const type = (header(req, "content-type") ?? "").split(";")[0]!.trim().toLowerCase();
      if (raw !== "" && type !== "application/x-www-form-urlencoded") {
        throw invalidRequest(`Invalid request: unsupported Content-Type ${type || "(none)"}. If error persists and you need assistance, please contact support@stripe.com.`);
      }
      params = parseForm(raw);
    } catch (e) {
      if (e instanceof FormError) return fail(new StripeApiError(400, { type: "invalid_request_error", message: e.message, ...(e.param ? { param: e.param } : {}) }));
      if (e instanceof HttpError) return fail(new StripeApiError(e.status, { type: "invalid_request_error", message: e.message }));
      throw e;
    }

    // Idempotency: POSTs only; a key is tied to its first request's endpoint and parameters. Only
    // requests that ran are saved (Stripe saves no result for a request refused in validation).
    const idemKey = method === "POST" ? header(req, "idempotency-key") ?? null : null;
    if (idemKey !== null) {
      if (idemKey.length > 255) return fail(invalidRequest("Invalid Idempotency-Key: it must be at most 255 characters long."));
      common["idempotency-key"] = idemKey;
      const saved = idempotency.get(`${key}\n${idemKey}`);
      if (saved) {
        if (saved.method !== method || saved.path !== path || saved.params !== canonical(params)) {
          return fail(new StripeApiError(400, {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
          }));
        }
        return sendJson(res, saved.status, saved.body, { ...common, "idempotent-replayed": "true" });
      }
    }

    try {
      const [status, result] = api(req, path, params, { id: requestId, idempotencyKey: idemKey, apiVersion });
      const body = JSON.stringify(result, null, 2);
      if (idemKey !== null) idempotency.set(`${key}\n${idemKey}`, { method, path, params: canonical(params), status, body });
      sendJson(res, status, body, common);
    } catch (e) {
      if (e instanceof StripeApiError) return fail(e);
      throw e;
    }
  }

  async function handlePage(req: IncomingMessage, res: ServerResponse, id: string) {
    sweepExpired();
    const stored = sessions.get(id);
    if (!stored) return sendHtml(res, 404, notFoundPage());
    if (req.method === "GET") return sendHtml(res, 200, stored.session.status === "open" ? checkoutPage(stored) : closedPage(stored));
    if (req.method !== "POST") return sendHtml(res, 405, notFoundPage());
    const form = new URLSearchParams(await readBody(req, MAX_BODY, tooLarge));
    const s = stored.session;
    if (s.status !== "open") return sendHtml(res, 409, closedPage(stored));
    if (form.get("action") === "cancel" && s.cancel_url) return redirect(res, s.cancel_url);
    const card = (form.get("card") ?? "").replace(/[\s-]/g, "");
    const email = (form.get("email") ?? "").trim() || null;
    if (!/^\d{16}$/.test(card) || !luhn(card)) return sendHtml(res, 400, checkoutPage(stored, { error: "Your card number is invalid.", card: form.get("card") ?? "", email: email ?? "" }));
    if (card === DECLINED_CARD) return sendHtml(res, 402, checkoutPage(stored, { error: "Your card has been declined.", card: form.get("card") ?? "", email: email ?? "" }));
    completeSession(stored, email);
    // Stripe sends the event and redirects independently: the portal may see either first.
    emit("checkout.session.completed", stored);
    redirect(res, s.success_url.replace(/\{CHECKOUT_SESSION_ID\}/g, s.id));
  }

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://simulator").pathname;
    const handle = async () => {
      if (path.startsWith("/v1/")) return handleApi(req, res, path);
      const page = /^\/pay\/([^/]+)$/.exec(path);
      if (page) return handlePage(req, res, decodeURIComponent(page[1]!));
      if (req.method === "GET" && path === "/_simulator/health") return sendJson(res, 200, JSON.stringify({ ok: true }));
      if (req.method === "GET" && path === "/_simulator/events") return sendJson(res, 200, JSON.stringify({ data: sent }, null, 2));
      const resend = /^\/_simulator\/events\/([^/]+)\/resend$/.exec(path);
      if (req.method === "POST" && resend) {
        const record = sent.find((r) => r.event.id === resend[1]);
        if (!record || !options.webhookUrl) return sendJson(res, 404, JSON.stringify({ error: "no such event, or no webhook URL" }));
        const p = deliver(record, { url: options.webhookUrl, secret: options.webhookSecret, backoffMs: [], log, signal: stopping.signal }).finally(() => inFlight.delete(p));
        inFlight.add(p);
        await p;
        return sendJson(res, 200, JSON.stringify(record, null, 2));
      }
      sendJson(res, 404, JSON.stringify({ error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path}).` } }));
    };
    handle().catch((e: unknown) => {
      log(`[stripe simulator] ${req.method} ${path}: ${e instanceof Error ? e.stack : String(e)}`);
      if (!res.headersSent) {
        const status = e instanceof HttpError ? e.status : 500;
        sendJson(res, status, JSON.stringify({ error: { type: "api_error", message: e instanceof HttpError ? e.message : "An unknown error occurred in the Stripe simulator." } }));
      } else res.destroy();
    });
  });

  const { port: actualPort, origin } = await listenOnLoopback(server, port);
  baseUrl = origin;
  pageOrigin = (options.publicUrl ?? baseUrl).replace(/\/$/, "");

  return {
    url: baseUrl,
    port: actualPort,
    events: () => sent,
    idle: async () => {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
    close: async () => {
      clearInterval(sweeper);
      stopping.abort(new Error("simulator stopped"));
      await Promise.allSettled([...inFlight]);
      await closeServer(server);
    },
  };
}

/** The Luhn check digit test every card number passes. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

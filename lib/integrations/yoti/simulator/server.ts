// A local Yoti Identity Verification API for development and tests, speaking Yoti's wire protocol so
// that the official `yoti` SDK and the portal's real adapter are what gets exercised:
//
//   POST   /idverify/v1/sessions                                  create (signed request, JSON body)
//   GET    /idverify/v1/sessions/{id}                             the session, its checks and resources
//   DELETE /idverify/v1/sessions/{id}                             delete it and its media
//   GET    /idverify/v1/sessions/{id}/media/{mediaId}/content     media bytes (JPEG, or JSON fields)
//   DELETE /idverify/v1/sessions/{id}/media/{mediaId}/content
//   GET    /idverify/v1/web/index.html?sessionID=…&sessionToken=… the hosted page (choose the outcome)
//
// API requests must carry `sdkId`, a fresh `nonce` and `timestamp`, and an `X-Yoti-Auth-Digest`
// signed with the key whose public half the simulator holds; otherwise 401 with Yoti's error shape
// (`{ code, message }`). When the person chooses an outcome, the simulator POSTs `{ session_id,
// topic }` to the session's notification endpoint with the Authorization the session asked for,
// retrying on failure. Unfinished sessions expire when their client session token does.
//
// Not part of Yoti, for tests and scripts only (namespaced, never in production):
//   GET  /_simulator/health
//   GET  /_simulator/sessions/{id}            the stored session and its notification deliveries
//   POST /_simulator/sessions/{id}/outcome    body { "outcome": "approve"|"reject"|"manual"|"expire" }
//   POST /_simulator/sessions/{id}/notify     send the session's notifications again
import { closeServer, listenOnLoopback } from "../../simulator-http";
import fs from "node:fs";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { createPublicKey, timingSafeEqual, type KeyObject } from "node:crypto";
import { YOTI_IDV_PATH } from "../dev-defaults";
import { choicePage, messagePage } from "./page";
import { checkSignature, nonceStore } from "./signature";
import {
  OUTCOMES,
  applyOutcome,
  createSessionBody,
  newSession,
  sessionBodyProblems,
  sessionJson,
  sessionState,
  type Outcome,
  type SimSession,
} from "./sessions";

export interface YotiSimulatorOptions {
  /** The SDK id requests must name in `sdkId`. */
  sdkId: string;
  /** The public key (PEM or KeyObject) that verifies request signatures. */
  publicKey: string | KeyObject;
  /** Keeps sessions across restarts (development); omit to keep them in memory only (tests). */
  stateFile?: string;
  /** Clock, for tests. */
  now?: () => number;
  /** Waits between notification attempts; one attempt more than entries. */
  notificationRetryDelaysMs?: number[];
  /** Accepted distance between a request's timestamp and now. */
  maxSkewMs?: number;
  log?: (line: string) => void;
}

export interface NotificationDelivery {
  sessionId: string;
  topic: string;
  endpoint: string;
  attempts: { status: number | null; error?: string }[];
  delivered: boolean;
}

export interface YotiSimulator {
  server: http.Server;
  /** Listens on 127.0.0.1:`port` (0 = any free port); resolves with the port and the API base URL. */
  listen(port: number): Promise<{ port: number; apiUrl: string }>;
  close(): Promise<void>;
  /** Resolves when every notification started so far has finished (delivered or given up). */
  idle(): Promise<void>;
  deliveries: NotificationDelivery[];
}

const MAX_BODY = 1024 * 1024;

// A 48×32 JPEG (a drawn identity card), served for every image media item.
const SAMPLE_JPEG = Buffer.from(
  "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAgADADASIAAhEBAxEB/8QAGwAAAgIDAQAAAAAAAAAAAAAAAwUEBgABBwL/xAAzEAAABAMDCAkFAAAAAAAAAAAAAQIDBBESBRQxBhMWIiVBVGFEU4KSoqPC0fAhM0JRUv/EABcBAAMBAAAAAAAAAAAAAAAAAAABAgP/xAAXEQADAQAAAAAAAAAAAAAAAAAAAREC/9oADAMBAAIRAxEAPwCzxloQsBRenc3XOnVM5yxwLmIukFl8V5avYLMsuh9v0isjZZqMnqM6PDRDUUwl5hVbapyORlORy3goT2KhtzJxlLqqUHVM5y/MwW5wPE+NImFUZjAsucDxPjSJkNCtw1VBqOqU6jAAgyy6H2/SKyOhxlnwsfRems5ROnWMpTxwPkIuj9l8L5ivcUtREvNYKxc1o4zn/t608f7P9Auy/lQmsQrEPDJh22yJpOCT+u+e/mN3ZjqW+6QVHCDsv5UGLbiXUEtBzSeBjxdmOpb7pAiUpQkkpSSSLcRSCY0f/9k=",
  "base64",
);

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: { property: string; message: string }[],
  ) {
    super(message);
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new HttpError(413, "PAYLOAD_TOO_LARGE", "request body too large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text), "Cache-Control": "no-store" });
  res.end(text);
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The Authorization header Yoti sends with notifications for a session's settings. */
export function notificationAuthorization(notifications: SimSession["notifications"]): string | undefined {
  if (!notifications?.auth_token) return undefined;
  return notifications.auth_type === "BEARER"
    ? `Bearer ${notifications.auth_token}`
    : `Basic ${Buffer.from(notifications.auth_token).toString("base64")}`;
}

const origin = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

export function createYotiSimulator(options: YotiSimulatorOptions): YotiSimulator {
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  const publicKey = typeof options.publicKey === "string" ? createPublicKey(options.publicKey) : options.publicKey;
  const maxSkewMs = options.maxSkewMs ?? 5 * 60_000;
  const useNonce = nonceStore(2 * maxSkewMs);
  const retryDelays = options.notificationRetryDelaysMs ?? [1_000, 3_000, 9_000];
  const sessions = new Map<string, SimSession>();
  const deliveries: NotificationDelivery[] = [];
  const pending = new Set<Promise<void>>();
  let closing = false;
  const stop = new AbortController();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      stop.signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
    });

  if (options.stateFile && fs.existsSync(options.stateFile)) {
    try {
      for (const s of JSON.parse(fs.readFileSync(options.stateFile, "utf8")) as SimSession[]) sessions.set(s.id, s);
      log(`loaded ${sessions.size} sessions from ${options.stateFile}`);
    } catch (err) {
      log(`ignoring unreadable state file ${options.stateFile}: ${(err as Error).message}`);
    }
  }

  function save() {
    if (!options.stateFile) return;
    fs.mkdirSync(path.dirname(options.stateFile), { recursive: true });
    const tmp = `${options.stateFile}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify([...sessions.values()]));
    fs.renameSync(tmp, options.stateFile);
  }

  function findSession(id: string): SimSession {
    const s = sessions.get(id);
    if (!s) throw new HttpError(404, "SESSION_NOT_FOUND", "session not found");
    return s;
  }

  async function deliver(s: SimSession, body: Record<string, string>) {
    const notifications = s.notifications;
    if (!notifications) return;
    const delivery: NotificationDelivery = { sessionId: s.id, topic: body.topic!, endpoint: notifications.endpoint, attempts: [], delivered: false };
    deliveries.push(delivery);
    const authorization = notificationAuthorization(notifications);
    for (let attempt = 0; attempt <= retryDelays.length && !closing; attempt++) {
      if (attempt > 0) await sleep(retryDelays[attempt - 1]!);
      if (closing) break;
      try {
        const res = await fetch(notifications.endpoint, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...(authorization ? { Authorization: authorization } : {}) },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer().catch(() => undefined);
        delivery.attempts.push({ status: res.status });
        if (res.ok) {
          delivery.delivered = true;
          log(`notification ${body.topic} for ${s.id} delivered (${res.status})`);
          return;
        }
      } catch (err) {
        delivery.attempts.push({ status: null, error: (err as Error).message });
      }
      log(`notification ${body.topic} for ${s.id} to ${notifications.endpoint} failed (attempt ${attempt + 1})`);
    }
  }

  /** Sends what the session subscribed to, in Yoti's order: each check, then the session. */
  function notify(s: SimSession) {
    const topics = (s.notifications?.topics ?? []).map((t) => t.toUpperCase());
    const wants = (topic: string) => topics.length === 0 || topics.includes(topic);
    const run = async () => {
      if (s.outcome === "expire") {
        if (topics.includes("CLIENT_SESSION_TOKEN_DELETED")) await deliver(s, { session_id: s.id, topic: "client_session_token_deleted" });
        return;
      }
      if (topics.includes("CHECK_COMPLETION")) {
        for (const check of (s.checks ?? []) as { id: string; type: string }[]) {
          await deliver(s, { session_id: s.id, topic: "check_completion", check_id: check.id, check_type: check.type });
        }
      }
      if (wants("SESSION_COMPLETION")) await deliver(s, { session_id: s.id, topic: "session_completion" });
    };
    const p = run().catch((err: Error) => log(`notification error: ${err.message}`));
    pending.add(p);
    void p.finally(() => pending.delete(p));
  }

  function decide(s: SimSession, outcome: Outcome) {
    if (sessionState(s, now()) !== "ONGOING") throw new HttpError(409, "SESSION_NOT_ONGOING", `session is ${sessionState(s, now())}`);
    applyOutcome(s, outcome, now());
    save();
    log(`session ${s.id}: ${outcome}`);
    notify(s);
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer) {
    const check = checkSignature(
      { method: req.method ?? "GET", url: req.url ?? "/", body, digest: req.headers["x-yoti-auth-digest"] as string | undefined },
      { basePath: YOTI_IDV_PATH, sdkId: options.sdkId, publicKey, maxSkewMs, now: now(), useNonce },
    );
    if (!check.ok) throw new HttpError(401, "UNAUTHORIZED", `request not authorised: ${check.reason}`);

    const parts = url.pathname.slice(YOTI_IDV_PATH.length).split("/").filter(Boolean).map(decodeURIComponent);
    const method = req.method;
    if (parts[0] !== "sessions") throw new HttpError(404, "NOT_FOUND", "no such endpoint");

    if (parts.length === 1 && method === "POST") {
      if (!String(req.headers["content-type"] ?? "").startsWith("application/json")) {
        throw new HttpError(415, "UNSUPPORTED_MEDIA_TYPE", "Content-Type must be application/json");
      }
      let json: unknown;
      try {
        json = JSON.parse(body.toString("utf8"));
      } catch {
        throw new HttpError(400, "PAYLOAD_VALIDATION", "body is not JSON");
      }
      const parsed = createSessionBody.safeParse(json);
      if (!parsed.success) {
        throw new HttpError(400, "PAYLOAD_VALIDATION", "There were errors validating the payload",
          parsed.error.issues.map((i) => ({ property: i.path.join(".") || "(body)", message: i.message })));
      }
      const problems = sessionBodyProblems(parsed.data);
      if (problems.length) throw new HttpError(400, "PAYLOAD_VALIDATION", "There were errors validating the payload", problems);
      const s = newSession(parsed.data, now());
      sessions.set(s.id, s);
      save();
      log(`session ${s.id} created for ${s.userTrackingId ?? "(no user_tracking_id)"}`);
      return sendJson(res, 201, { client_session_token_ttl: s.clientSessionTokenTtl, client_session_token: s.clientSessionToken, session_id: s.id });
    }
    if (parts.length === 2 && method === "GET") return sendJson(res, 200, sessionJson(findSession(parts[1]!), now()));
    if (parts.length === 2 && method === "DELETE") {
      findSession(parts[1]!);
      sessions.delete(parts[1]!);
      save();
      res.writeHead(204).end();
      return;
    }
    if (parts.length === 5 && parts[2] === "media" && parts[4] === "content" && (method === "GET" || method === "DELETE")) {
      const s = findSession(parts[1]!);
      const media = s.media[parts[3]!];
      if (!media) throw new HttpError(404, "MEDIA_NOT_FOUND", "media not found");
      if (method === "DELETE") {
        delete s.media[parts[3]!];
        save();
        res.writeHead(204).end();
        return;
      }
      if (media.kind === "document-fields") return sendJson(res, 200, s.documentFields ?? {});
      res.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": SAMPLE_JPEG.length, "Cache-Control": "no-store" });
      res.end(SAMPLE_JPEG);
      return;
    }
    throw new HttpError(405, "METHOD_NOT_ALLOWED", "method not allowed here");
  }

  function sendHtml(res: ServerResponse, status: number, html: string, s?: SimSession) {
    // The hosted page lives in the portal's iframe: allow framing by the portal's origin (taken from
    // the session's own URLs) and nothing else; no scripts, inline styles only.
    const portal = [origin(s?.notifications?.endpoint), origin(s?.successUrl), origin(s?.errorUrl)].filter(Boolean);
    const ancestors = ["'self'", ...new Set(portal)].join(" ");
    res.writeHead(status, {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
      "Content-Security-Policy": `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${[...new Set(portal)].join(" ")}; frame-ancestors ${ancestors}; base-uri 'none'`,
    });
    res.end(html);
  }

  function hostedSession(sessionId: string | null, token: string | null): SimSession | undefined {
    if (!sessionId || !token) return undefined;
    const s = sessions.get(sessionId);
    return s && sameToken(token, s.clientSessionToken) ? s : undefined;
  }

  async function web(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer) {
    const page = url.pathname.slice(`${YOTI_IDV_PATH}/web`.length);
    if (page === "/index.html" && (req.method === "GET" || req.method === "HEAD")) {
      const s = hostedSession(url.searchParams.get("sessionID"), url.searchParams.get("sessionToken"));
      if (!s) return sendHtml(res, 401, messagePage("Link not valid", "This identity check link is not valid. Go back and start again."));
      const state = sessionState(s, now());
      if (state === "EXPIRED") return sendHtml(res, 410, messagePage("Link expired", "This identity check link has expired. Go back and start again."), s);
      if (state === "COMPLETED") return sendHtml(res, 200, messagePage("Check finished", "You have finished this identity check. You can close this page."), s);
      return sendHtml(res, 200, choicePage(s.id, s.clientSessionToken, `${YOTI_IDV_PATH}/web/outcome`), s);
    }
    if (page === "/outcome" && req.method === "POST") {
      const form = new URLSearchParams(body.toString("utf8"));
      const s = hostedSession(form.get("sessionID"), form.get("sessionToken"));
      if (!s) return sendHtml(res, 401, messagePage("Link not valid", "This identity check link is not valid. Go back and start again."));
      const outcome = form.get("outcome") as Outcome;
      if (!OUTCOMES.includes(outcome)) return sendHtml(res, 400, messagePage("Choose an outcome", "Go back and choose one of the options."), s);
      if (sessionState(s, now()) !== "ONGOING") return sendHtml(res, 410, messagePage("Link expired", "This identity check link has expired. Go back and start again."), s);
      decide(s, outcome);
      const next = outcome === "expire" ? s.errorUrl : s.successUrl;
      if (next) {
        res.writeHead(303, { Location: next, "Cache-Control": "no-store" }).end();
        return;
      }
      return outcome === "expire"
        ? sendHtml(res, 200, messagePage("Link expired", "This identity check link has expired. Go back and start again."), s)
        : sendHtml(res, 200, messagePage("Check finished", "Thank you. You can go back to the portal now."), s);
    }
    throw new HttpError(404, "NOT_FOUND", "no such page");
  }

  async function control(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer) {
    const parts = url.pathname.split("/").filter(Boolean).slice(1);
    if (parts[0] === "health" && parts.length === 1) return sendJson(res, 200, { ok: true });
    if (parts[0] !== "sessions" || !parts[1]) throw new HttpError(404, "NOT_FOUND", "no such endpoint");
    const s = findSession(parts[1]);
    if (parts.length === 2 && req.method === "GET") {
      return sendJson(res, 200, { session: s, state: sessionState(s, now()), deliveries: deliveries.filter((d) => d.sessionId === s.id) });
    }
    if (parts[2] === "outcome" && req.method === "POST") {
      let outcome: unknown;
      try {
        outcome = (JSON.parse(body.toString("utf8")) as { outcome?: unknown }).outcome;
      } catch {
        outcome = undefined;
      }
      if (!OUTCOMES.includes(outcome as Outcome)) throw new HttpError(400, "PAYLOAD_VALIDATION", `outcome must be one of ${OUTCOMES.join(", ")}`);
      decide(s, outcome as Outcome);
      return sendJson(res, 200, sessionJson(s, now()));
    }
    if (parts[2] === "notify" && req.method === "POST") {
      if (sessionState(s, now()) === "ONGOING") throw new HttpError(409, "SESSION_NOT_FINISHED", "nothing to notify yet");
      notify(s);
      return sendJson(res, 202, { ok: true });
    }
    throw new HttpError(405, "METHOD_NOT_ALLOWED", "method not allowed here");
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://simulator.invalid");
      try {
        const body = await readBody(req);
        if (url.pathname.startsWith("/_simulator/")) return await control(req, res, url, body);
        if (url.pathname.startsWith(`${YOTI_IDV_PATH}/web/`)) return await web(req, res, url, body);
        if (url.pathname.startsWith(`${YOTI_IDV_PATH}/`)) return await api(req, res, url, body);
        throw new HttpError(404, "NOT_FOUND", "no such endpoint");
      } catch (err) {
        if (res.headersSent) return void res.end();
        if (err instanceof HttpError) {
          log(`${req.method} ${url.pathname} -> ${err.status} ${err.message}`);
          return sendJson(res, err.status, { code: err.code, message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
        }
        log(`${req.method} ${url.pathname} -> 500 ${(err as Error).stack ?? String(err)}`);
        return sendJson(res, 500, { code: "INTERNAL_SERVER_ERROR", message: "internal error" });
      }
    })();
  });

  return {
    server,
    deliveries,
    async listen(port) {
      const { port: actual, origin } = await listenOnLoopback(server, port);
      return { port: actual, apiUrl: `${origin}${YOTI_IDV_PATH}` };
    },
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
    async close() {
      closing = true;
      stop.abort();
      await closeServer(server);
      await Promise.all([...pending]);
    },
  };
}

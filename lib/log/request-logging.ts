import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { log as processLog, REQUEST_ID_HEADER, runInLogContext, shareRequestContext, type LogContext } from "./index";

/*
 * The request logging of the portal's own HTTP server (scripts/serve.ts), as a function that the
 * server wraps around Next.js's handler and that tests can call in-process.
 *
 * Each request gets an id: the X-Request-Id that a trusted proxy of ours set (only when
 * TRUSTED_PROXY_COUNT says there is one, as for the client address: otherwise the header is the
 * client's own and could be anything), else a new UUID. It is written back on the request, replacing
 * any copy the client sent, so the application sees the same id; returned in the response's
 * X-Request-Id; and on every log line written while the request is handled (lib/log/context.ts).
 * When the response has been sent (or the connection dropped), one line reports it: method, route,
 * status, duration, the request id, and the caller's id and role when a route's guard found them
 * (lib/route.ts). Never the query string, headers, body or the caller's email.
 */

export { REQUEST_ID_HEADER };

/** What a proxy's request id may look like: UUIDs, hex, nginx's $request_id, AWS-style ids. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:+=/-]{0,127}$/;

/** The request's id: a trusted proxy's X-Request-Id when it is well formed, else a new one. */
export function requestIdFor(headers: IncomingMessage["headers"], trustedProxyCount: number): string {
  if (trustedProxyCount > 0) {
    const raw = headers[REQUEST_ID_HEADER];
    const given = (Array.isArray(raw) ? raw[raw.length - 1] : raw)?.trim();
    if (given && REQUEST_ID_PATTERN.test(given)) return given;
  }
  return randomUUID();
}

/** Segments after these are sign-in, invitation and confirmation tokens. */
const TOKEN_PARENTS = new Set(["enter", "confirm-email", "continue"]);
/** The named pages under /requests/identity-verification/; any other segment there is a payment session id. */
const REQUEST_PAGES = new Set(["choose", "continue", "submitted"]);
/** A long opaque segment (a token or a provider's id), unlike the portal's own lower-case path words. */
const OPAQUE = /^[A-Za-z0-9_-]{20,}$/;

/**
 * The path of a request as logged: no query string (it may hold tokens), and the segments that are
 * secrets replaced by their name (`/api/enter/:token`). Record ids (numbers) are kept.
 */
export function routeForLog(url: string | undefined): string {
  let path = url ?? "/";
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      path = "/";
    }
  }
  path = path.split(/[?#]/, 1)[0]!;
  const parts = path.split("/");
  return parts
    .map((segment, i) => {
      if (i === 0 || segment === "") return segment;
      if (TOKEN_PARENTS.has(parts[i - 1]!)) return ":token";
      if (parts[i - 1] === "identity-verification" && parts[i - 2] === "requests" && i === 3 && !REQUEST_PAGES.has(segment)) return ":paymentSessionId";
      if (OPAQUE.test(segment) && !/^[a-z-]+$/.test(segment)) return ":token";
      return segment;
    })
    .join("/")
    .slice(0, 512);
}

/** Next.js's own assets and development reloads: reported at debug level, not info. */
const ASSET = /^\/(_next|__nextjs)/;

export interface RequestLoggingOptions {
  /** TRUSTED_PROXY_COUNT: a proxy's X-Request-Id is believed only when there is one. */
  trustedProxyCount: number;
  logger?: Logger;
  /** Milliseconds, for the duration (tests may pass a clock). */
  now?: () => number;
}

/** What the request's line needs once the response is done, kept on the response. */
interface Pending {
  started: number;
  context: LogContext;
  /** Withdraws the context offered to an API route (lib/log/context.ts). */
  withdraw?: () => void;
  method: string;
  route: string;
  logger: Logger;
  now: () => number;
}

const PENDING = Symbol("request-log");
type Tracked = ServerResponse & { [PENDING]?: Pending };

/**
 * The request's line, once "close" came: after the response has been sent, or when the connection
 * dropped first (writableFinished tells them apart). One function for every request, reading what
 * it needs from the response, rather than a closure made for each.
 */
function reportRequest(this: Tracked) {
  const pending = this[PENDING];
  if (!pending) return;
  this[PENDING] = undefined;
  const { started, context, withdraw, method, route, logger, now } = pending;
  withdraw?.();
  const aborted = !this.writableFinished;
  const status = this.statusCode;
  const durationMs = Math.round((now() - started) * 10) / 10;
  const level = status >= 500 ? "error" : aborted ? "warn" : ASSET.test(route) ? "debug" : "info";
  const fields = { ...context, method, route, status, durationMs, ...(aborted ? { aborted: true } : {}) };
  logger[level](fields, `${method} ${route} ${status}${aborted ? " (connection closed before the response was sent)" : ""}`);
}

/**
 * `(req, res, next)`: gives the request its id, runs `next` (the application) in the request's log
 * context, and writes the request's line once the response is done. Returns what `next` returns.
 */
export function requestLogging({ trustedProxyCount, logger = processLog, now = () => performance.now() }: RequestLoggingOptions) {
  return function logRequest<T>(req: IncomingMessage, res: ServerResponse, next: () => T): T {
    const started = now();
    const requestId = requestIdFor(req.headers, trustedProxyCount);
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.setHeader("X-Request-Id", requestId);
    const context: LogContext & { requestId: string } = { requestId };
    const route = routeForLog(req.url);
    // An API route opens the context itself, around its handler only (lib/route.ts): offered here.
    const api = route.startsWith("/api/");
    (res as Tracked)[PENDING] = { started, context, withdraw: api ? shareRequestContext(context) : undefined, method: req.method ?? "GET", route, logger, now };
    res.once("close", reportRequest);
    return api ? next() : runInLogContext(context, next);
  };
}

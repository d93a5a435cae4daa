import "server-only";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { getDb, type Db } from "@/db";
import { requireAdminApi, requireUser } from "@/lib/auth/guards";
import type { Action } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { CLIENT_ADDRESS_STAMPED_ENV } from "@/lib/client-address";
import { getEnv } from "@/lib/env";
import { markWebhookVerified, observeRoute } from "@/lib/metrics/http";
import { assertSameOrigin, errorFrom, json, parseWith, queryObject, readBody, readJson, requestMeta } from "@/lib/http";
import { callerFields, currentLogContext, REQUEST_ID_HEADER, runInLogContext, setLogContext, sharedRequestContext, withLogContext } from "@/lib/log";
import { parseId } from "@/lib/parse-id";
import { AppError } from "@/lib/server/app-error";
import type { BotCheckAction } from "@/lib/bot-check/actions";
import { assertHuman } from "@/lib/server/bot-check/assert-human";

/**
 * How a path segment is read: `int` a record id (anything but a positive integer is a 404, the
 * record cannot exist), `string` as given (control characters are a 404: no token or name holds
 * them), `segments` the parts of a catch-all segment.
 */
export type ParamKind = "int" | "string" | "segments";
type ParamSpec = Readonly<Record<string, ParamKind>>;
type ParamValues<P extends ParamSpec> = { -readonly [K in keyof P]: P[K] extends "int" ? number : P[K] extends "segments" ? string[] : string };

type Schema = z.core.$ZodType;

/** A signed request's body exactly as sent: signatures are computed over these bytes. */
export interface RawBody {
  bytes: Uint8Array;
  text: string;
}

/**
 * Who may call the route:
 * - `public`: anyone; the handler decides (sign-in, enquiries, option lists). With `human`, the bot
 *   check for that action runs on the JSON body's `captchaToken` first, before the path, the query
 *   and the body are checked against their schemas (a refusal: 400 'Verification failed').
 * - `user`: a signed-in user whose role may perform `action` (401 without a session, 403 otherwise).
 * - `admin-api`: as `user`, or a machine client with the `api-key` header (a wrong key is a 401).
 * - `signature`: a webhook. No session and no origin check; `verify` gets the raw body (read with
 *   the size cap) and answers what it verified, or null/false when the signature does not hold
 *   (401). It may also throw an AppError of its own.
 */
type Auth =
  | { auth: "public"; human?: BotCheckAction }
  | { auth: "user" | "admin-api"; action: Action }
  | { auth: "signature"; verify: (raw: RawBody, request: Request) => unknown; body?: never };

interface Shared {
  /** Path segments and how to read them. */
  params?: ParamSpec;
  /** Schema of the query string (each name's first value); a mismatch is a 400 naming every field. */
  query?: Schema;
  /** Schema of the JSON body; not JSON, too large or a mismatch is a 400 naming every field. */
  body?: Schema;
  /** Cap on the body in bytes (default 64 KiB); reading stops as soon as it is passed. */
  maxBytes?: number;
  /**
   * State-changing methods (anything but GET/HEAD/OPTIONS) must come from the portal's own pages
   * when sent by a browser. On by default; `false` only for a read sent as POST for its body.
   */
  sameOrigin?: boolean;
  /** `false` for routes that must answer without opening the database (or handle its absence). */
  db?: boolean;
}

export type RouteOptions = Auth & Shared;

type Output<S> = S extends Schema ? z.core.output<S> : undefined;

/** What the handler is given, typed from the options. */
export type RouteContext<O extends RouteOptions> = {
  request: Request;
  meta: ReturnType<typeof requestMeta>;
  params: O extends { params: infer P extends ParamSpec } ? ParamValues<P> : Record<string, never>;
  query: O extends { query: infer Q } ? Output<Q> : undefined;
  body: O extends { body: infer B } ? Output<B> : undefined;
} & (O extends { db: false } ? unknown : { db: Db }) &
  (O extends { auth: "user" | "admin-api" } ? { user: Principal } : unknown) &
  (O extends { auth: "signature"; verify: (...args: never[]) => infer V } ? { raw: RawBody; verified: NonNullable<Exclude<Awaited<V>, false>> } : unknown);

/** A Next.js route handler; the context is optional so tests and scripts can call it with a Request alone. */
export type RouteHandler = (request: Request, context?: { params?: Promise<Record<string, string | string[] | undefined>> }) => Promise<Response>;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const CONTROL_OR_LONE_SURROGATE = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function readParams(spec: ParamSpec | undefined, raw: Record<string, string | string[] | undefined> | undefined) {
  const out = new Map<string, number | string | string[]>();
  for (const [name, kind] of Object.entries(spec ?? {})) {
    const value = raw?.[name];
    if (kind === "segments") {
      const parts = typeof value === "string" ? [value] : (value ?? []);
      if (parts.some((p) => CONTROL_OR_LONE_SURROGATE.test(p))) throw new AppError("not_found");
      out.set(name, parts);
    } else if (typeof value !== "string" || CONTROL_OR_LONE_SURROGATE.test(value)) {
      throw new AppError("not_found");
    } else if (kind === "int") {
      const id = parseId(value);
      if (id === null) throw new AppError("not_found");
      out.set(name, id);
    } else {
      out.set(name, value);
    }
  }
  return Object.fromEntries(out);
}

/** The `captchaToken` of a JSON body, when it is a string of a plausible size (else none: refused). */
function captchaTokenOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const token = (body as Record<string, unknown>).captchaToken;
  return typeof token === "string" && token.length <= 8192 ? token : undefined;
}

/**
 * The request's log context (lib/log/context.ts), opened here around the handler: the very object
 * the portal's server (scripts/serve.ts) offered for the request's id, so that the caller the guard
 * adds reaches the server's request line. Without the portal's server (tests, a bare `next start`),
 * a context of its own: with the X-Request-Id the server wrote, when it ran, else a new id.
 */
function inLogContext(request: Request, fn: () => Promise<Response>): Promise<Response> {
  if (currentLogContext()?.requestId) return fn();
  const stamped = process.env[CLIENT_ADDRESS_STAMPED_ENV] === "1" ? request.headers.get(REQUEST_ID_HEADER) : null;
  const offered = stamped ? sharedRequestContext(stamped) : undefined;
  if (offered) return runInLogContext(offered, fn);
  return withLogContext({ requestId: stamped || randomUUID() }, fn);
}

/**
 * One wrapper for every route handler, so each route file says only what it needs and which server
 * function answers. In order it runs: the origin check for state-changing methods, the guard (or,
 * for webhooks, reading the raw body and verifying its signature), the path segments, the query,
 * the JSON body (streamed, capped, parsed with its schema), then the handler. The handler returns a
 * Response, or data sent as JSON (200, no-store). Whatever is thrown is answered by `errorFrom`:
 * typed errors with their status and translated message, database outages with 503, anything else
 * with a logged 500 that never echoes the error. Every answer is measured and traced by route
 * pattern (lib/metrics/http.ts), and a webhook's delivery is recorded for the operator's page.
 *
 * The origin check comes before the guard so that a cross-site request is refused without a
 * session lookup or a recorded denial.
 */
export function route<const O extends RouteOptions>(options: O, handler: (ctx: RouteContext<O>) => unknown): RouteHandler {
  return observeRoute((request, context) => inLogContext(request, async () => {
    try {
      const o = options as RouteOptions;
      if (o.auth !== "signature" && o.sameOrigin !== false && !SAFE_METHODS.has(request.method)) assertSameOrigin(request, getEnv().APP_URL);
      const ctx: Record<string, unknown> = { request, meta: requestMeta(request) };
      if (o.auth === "user") ctx.user = await requireUser(request, o.action);
      else if (o.auth === "admin-api") ctx.user = await requireAdminApi(request, o.action);
      else if (o.auth === "signature") {
        const bytes = await readBody(request, o.maxBytes);
        const raw: RawBody = { bytes, text: new TextDecoder().decode(bytes) };
        const verified = await o.verify(raw, request);
        if (verified === null || verified === undefined || verified === false) throw new AppError("unauthorized", "bad_signature");
        Object.assign(ctx, { raw, verified });
        markWebhookVerified(request, verified, raw.text);
      }
      // Who is calling, on this request's log lines from here on: an id and a role, never the email.
      if (ctx.user) setLogContext(callerFields(ctx.user as Principal));
      // The bot check reads its token from the JSON body before anything else is checked.
      const human = o.auth === "public" ? o.human : undefined;
      const early = human && o.body ? await readJson(request, o.maxBytes) : undefined;
      if (human) await assertHuman({ token: captchaTokenOf(early), action: human, meta: ctx.meta as ReturnType<typeof requestMeta> });
      ctx.params = readParams(o.params, await context?.params);
      ctx.query = o.query ? parseWith(o.query, queryObject(request.url)) : undefined;
      ctx.body = o.body ? parseWith(o.body, human ? early : await readJson(request, o.maxBytes)) : undefined;
      if (o.db !== false) ctx.db = await getDb();
      const result = await handler(ctx as RouteContext<O>);
      return result instanceof Response ? result : json(result);
    } catch (err) {
      return errorFrom(err);
    }
  }));
}

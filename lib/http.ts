import "server-only";
import { NextResponse } from "next/server";
import { z } from "zod";
import { AppError, isDatabaseUnavailable, statusOf } from "@/lib/server/app-error";
import { translator } from "@/lib/i18n/translator";
import { getEnv } from "@/lib/env";
import { CLIENT_ADDRESS_STAMPED_ENV, stampedClientAddress } from "@/lib/client-address";
import { log } from "@/lib/log";

const noStore = { "Cache-Control": "no-store" };

export function json(body: unknown, init?: { status?: number; headers?: Record<string, string> }) {
  return NextResponse.json(body, { status: init?.status ?? 200, headers: { ...noStore, ...init?.headers } });
}

/**
 * Field errors of a zod error, every field (not only the first), as message keys. Collected in a
 * Map because the keys come from the caller's input: on a plain `{}`, a field named `constructor`,
 * `toString` or `__proto__` would find Object.prototype's member instead of an empty slot.
 * `Object.fromEntries` then defines each key as an own property (even `__proto__`), and the result
 * is still a plain object that React can hand to client components.
 */
export function fieldErrors(error: z.core.$ZodError): Record<string, string[]> {
  const out = new Map<string, string[]>();
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_";
    const list = out.get(key);
    if (list) list.push(issue.message);
    else out.set(key, [issue.message]);
  }
  return Object.fromEntries(out);
}

/**
 * The query string as a plain object of each name's first value, for zod. Built like
 * `fieldErrors` so that names such as `constructor` or `__proto__` are ordinary keys.
 */
export function queryObject(url: string): Record<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of new URL(url).searchParams) if (!out.has(key)) out.set(key, value);
  return Object.fromEntries(out);
}

/**
 * The JSON error answer: `{ error, message, ...extra }`, the message translated from
 * `apiErrors.<messageKey>` with the string and number members of `extra` as its values (e.g. a limit).
 */
export function errorResponse(code: AppError["code"], messageKey: string = code, extra?: Record<string, unknown>, headers?: Record<string, string>) {
  const t = translator();
  const key = `apiErrors.${messageKey}`;
  const values = Object.fromEntries(Object.entries(extra ?? {}).filter(([, v]) => typeof v === "string" || typeof v === "number")) as Record<string, string | number>;
  const message = t.has(key as never) ? t(key as never, values as never) : t("apiErrors.server_error");
  return json({ error: code, message, ...extra }, { status: statusOf[code], headers });
}

/** The default cap on a request body: generous for every form and search the portal has. */
export const DEFAULT_MAX_BYTES = 64 * 1024;

/**
 * Reads a request body as bytes, refusing one larger than `maxBytes` (400 `too_large`). A declared
 * Content-Length over the cap is refused before reading; otherwise the body is read chunk by chunk
 * and the stream cancelled as soon as the running total passes the cap, so a chunked upload without
 * a length costs at most about the cap in memory, not its full size.
 */
export async function readBody(request: Request, maxBytes = DEFAULT_MAX_BYTES): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) throw new AppError("bad_request", "too_large");
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new AppError("bad_request", "too_large");
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Reads a JSON body (capped as `readBody` does), rejecting anything that is not JSON. */
export async function readJson(request: Request, maxBytes = DEFAULT_MAX_BYTES): Promise<unknown> {
  // Decoded as request.text() would: UTF-8, a leading BOM dropped, bad sequences replaced.
  const text = new TextDecoder().decode(await readBody(request, maxBytes));
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "invalid_json");
  }
}

/** Parses with a zod schema (full or mini build); a failure is a 400 listing every field's errors. */
export function parseWith<T extends z.core.$ZodType>(schema: T, value: unknown): z.core.output<T> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw new AppError("bad_request", "validation", { fields: fieldErrors(result.error) });
  return result.data;
}

/**
 * What a route answers when it throws: typed errors become their status with a translated message
 * (a rate limit also says when to come back, in the body and in Retry-After), database outages a
 * 503 with Retry-After, anything else a logged 500 that never echoes the raw error.
 */
export function errorFrom(err: unknown): Response {
  if (err instanceof AppError) {
    if (err.code === "rate_limited") {
      const retryAfterSeconds = Number(err.details?.retryAfterSeconds ?? 60);
      return errorResponse(err.code, err.messageKey, { ...err.details, retryAfterSeconds }, { "Retry-After": String(retryAfterSeconds) });
    }
    return errorResponse(err.code, err.messageKey, err.details);
  }
  if (isDatabaseUnavailable(err)) {
    log.error(`[api] database unavailable: ${(err as Error).message}`);
    return errorResponse("unavailable", "unavailable", undefined, { "Retry-After": "5" });
  }
  log.error({ err }, "[api] unexpected error");
  return json({ error: "server_error", message: translator()("apiErrors.server_error") }, { status: 500 });
}

let warnedUnstamped = false;

/**
 * The caller's address, as the portal's own HTTP server (scripts/serve.ts) decided it from the
 * connection and exactly TRUSTED_PROXY_COUNT proxy hops, and passed on in a header it alone writes
 * (lib/client-address.ts). X-Forwarded-For is never read here: without a proxy of ours rewriting
 * it, it holds whatever the client sent. Served any other way (a bare `next start`), every caller
 * is "unknown", so per-address limits are shared rather than chosen by the caller.
 */
export function clientIp(request: { headers: Headers }): string {
  if (!warnedUnstamped && process.env[CLIENT_ADDRESS_STAMPED_ENV] !== "1" && getEnv().APP_ENV === "production") {
    warnedUnstamped = true;
    log.warn("[http] client addresses are unknown: serve the portal with scripts/serve.ts (npm start, npm run serve, the Docker image), not a bare `next start`");
  }
  return stampedClientAddress(request.headers);
}

export function userAgent(request: { headers: Headers }): string {
  return (request.headers.get("user-agent") ?? "").slice(0, 512);
}

/** Who made a request, for audit entries and security events. */
export interface RequestMeta {
  ip?: string;
  userAgent?: string;
}

export function requestMeta(request: { headers: Headers }): { ip: string; userAgent: string } {
  return { ip: clientIp(request), userAgent: userAgent(request) };
}

/**
 * State-changing requests from a browser must come from our own origin. Browsers always send
 * `Origin` on cross-site POST/PATCH/DELETE; machine clients (no Origin, no Sec-Fetch-Site) pass.
 */
export function assertSameOrigin(request: Request, appUrl: string) {
  const origin = request.headers.get("origin");
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") throw new AppError("forbidden", "cross_origin");
  if (!origin) return;
  const allowed = new Set([new URL(appUrl).origin, new URL(request.url).origin]);
  if (!allowed.has(origin)) throw new AppError("forbidden", "cross_origin");
}

import "server-only";
import { NextResponse } from "next/server";
import { z } from "zod";
import { AppError, isDatabaseUnavailable, statusOf } from "@/lib/server/app-error";
import { translator } from "@/lib/i18n/translator";
import { getEnv } from "@/lib/env";

const noStore = { "Cache-Control": "no-store" };

export function json(body: unknown, init?: { status?: number; headers?: Record<string, string> }) {
  return NextResponse.json(body, { status: init?.status ?? 200, headers: { ...noStore, ...init?.headers } });
}

/** Field errors of a zod error, every field (not only the first), as message keys. */
export function fieldErrors(error: z.core.$ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export function errorResponse(code: AppError["code"], messageKey: string = code, extra?: Record<string, unknown>, headers?: Record<string, string>) {
  const t = translator();
  const key = `apiErrors.${messageKey}`;
  const message = t.has(key as never) ? t(key as never) : t("apiErrors.server_error");
  return json({ error: code, message, ...extra }, { status: statusOf[code], headers });
}

/** Reads a JSON body, rejecting anything that is not JSON or is too large. */
export async function readJson(request: Request, maxBytes = 64 * 1024): Promise<unknown> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > maxBytes) throw new AppError("bad_request", "too_large");
  const text = await request.text();
  if (text.length > maxBytes) throw new AppError("bad_request", "too_large");
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
 * Wraps a route handler: typed errors become their status with a translated message, database
 * outages become 503, anything else a logged 500 that never echoes the raw error.
 */
export function route<A extends unknown[]>(handler: (...args: A) => Promise<Response>) {
  return async (...args: A): Promise<Response> => {
    try {
      return await handler(...args);
    } catch (err) {
      if (err instanceof AppError) return errorResponse(err.code, err.messageKey, err.details);
      if (isDatabaseUnavailable(err)) {
        console.error(`[api] database unavailable: ${(err as Error).message}`);
        return errorResponse("unavailable", "unavailable", undefined, { "Retry-After": "5" });
      }
      console.error("[api] unexpected error", err);
      return json({ error: "server_error", message: translator()("apiErrors.server_error") }, { status: 500 });
    }
  };
}

/**
 * The caller's IP address. X-Forwarded-For lists addresses left to right, each proxy appending the
 * one it saw; only the entries added by our own proxies can be trusted, so the address is read
 * TRUSTED_PROXY_COUNT entries from the right (Next.js itself fills the header from the socket when
 * no proxy did). Anything further left is whatever the client chose to send.
 */
export function clientIp(request: { headers: Headers }, trustedProxies = getEnv().TRUSTED_PROXY_COUNT): string {
  const hops = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  const ip = hops[Math.max(0, hops.length - Math.max(1, trustedProxies))];
  return (ip ?? "unknown").slice(0, 64);
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

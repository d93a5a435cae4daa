import "server-only";
import { headers } from "next/headers";
import { forbidden, unauthorized } from "next/navigation";
import { getDb } from "@/db";
import { getEnv } from "@/lib/env";
import { requestMeta } from "@/lib/http";
import { AppError } from "@/lib/server/app-error";
import { getCurrentUser, getRequestUser } from "./get-current-user";
import { can, type Action } from "./permissions";
import type { Principal } from "./principal";
import { recordSecurityEvent } from "./record-security-event";
import { safeEqual } from "./tokens";
import { log } from "@/lib/log";

async function recordDenial(user: Principal, action: Action, h: Headers) {
  await recordSecurityEvent(await getDb(), {
    event: "AccessDenied",
    actor: user.email,
    userType: user.type,
    ...requestMeta({ headers: h }),
    detail: { action },
  }).catch((err: Error) => log.error({ err }, `[auth] could not record a denial: ${err.message}`));
}

/**
 * For route handlers: the signed-in user allowed to perform `action`.
 * No user → AppError unauthorized (401); wrong role → AppError forbidden (403), recorded.
 */
export async function requireUser(request: Request, action: Action): Promise<Principal> {
  const user = await getRequestUser(request);
  if (!user) throw new AppError("unauthorized");
  if (!can(user.type, action)) {
    await recordDenial(user, action, request.headers);
    throw new AppError("forbidden");
  }
  return user;
}

/** For pages: the same check, rendering the 401 or 403 screen (with that HTTP status) instead. */
export async function requirePageUser(action: Action): Promise<Principal> {
  const user = await getCurrentUser();
  if (!user) unauthorized();
  if (!can(user.type, action)) {
    await recordDenial(user, action, await headers());
    forbidden();
  }
  return user;
}

/**
 * For /api/admin/* route handlers: a machine client with the `api-key` header (ADMIN_API_KEY,
 * compared in constant time), or a signed-in admin. A wrong key is a 401, never a fallback.
 */
export async function requireAdminApi(request: Request, action: Action): Promise<Principal> {
  const key = request.headers.get("api-key");
  if (key !== null) {
    const expected = getEnv().ADMIN_API_KEY;
    if (!expected || !safeEqual(key, expected)) throw new AppError("unauthorized");
    return { type: "Admin", email: "api-key", via: "api-key" };
  }
  return requireUser(request, action);
}

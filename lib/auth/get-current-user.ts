import "server-only";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { findSignInSubject } from "./find-sign-in-subject";
import type { Principal } from "./principal";
import { resolveSession } from "./resolve-session";
import { sessionCookie } from "./session-cookie";

/**
 * Outside production, when TEST_USER_HEADER_ENABLED=true, `test-user: Admin:<email>` or
 * `test-user: <DV_CompanyContact|DV_Director>:<email>:<reference>` acts as that user.
 * Ignored in production (configuration refuses to enable it there).
 */
async function fromTestUserHeader(value: string): Promise<Principal | null> {
  const [type, email, reference] = value.split(":");
  if (!email) return null;
  const db = await getDb();
  if (type === "Admin") {
    const [admin] = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), eq(users.type, "Admin")))
      .limit(1);
    return admin ? { type: "Admin", email: admin.email, userId: admin.id, via: "test-user" } : null;
  }
  if (!reference) return null;
  const subject = await findSignInSubject(db, email, reference);
  if (!subject || subject.userType !== type) return null;
  return { type: subject.userType, email: subject.email, clientId: subject.clientId, directorId: subject.directorId, via: "test-user" };
}

/** Reads one cookie from a Cookie header. */
export function readCookie(cookieHeader: string | null, name: string): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The principal behind a request's headers: test-user header (when enabled), else the session cookie. */
async function principalOf(h: Headers): Promise<Principal | null> {
  const env = getEnv();
  if (env.TEST_USER_HEADER_ENABLED && env.APP_ENV !== "production") {
    const testUser = h.get("test-user");
    if (testUser) return fromTestUserHeader(testUser);
  }
  const cookie = readCookie(h.get("cookie"), sessionCookie(env).name);
  if (!cookie) return null;
  return resolveSession(await getDb(), env, cookie);
}

/** For route handlers: the signed-in user of this request, or null. */
export function getRequestUser(request: Request): Promise<Principal | null> {
  return principalOf(request.headers);
}

/**
 * For server components: the signed-in user of the request being rendered, or null. Cached per
 * request, so the layout, the page and the header can all ask.
 */
export const getCurrentUser = cache(async (): Promise<Principal | null> => {
  const [h, jar] = await Promise.all([headers(), cookies()]);
  // The cookie store reflects cookies set earlier in this request, the raw header does not.
  const merged = new Headers(h);
  merged.set("cookie", jar.toString());
  return principalOf(merged);
});

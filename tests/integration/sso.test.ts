import { and, desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { securityEvents, sessions, users } from "@/db/schema";
import { createSession } from "@/lib/auth/create-session";
import { completeAdminSignIn } from "@/lib/auth/sso/complete-admin-sign-in";
import { hashToken } from "@/lib/auth/tokens";
import { resetEnvCache } from "@/lib/env";

const ISSUER = "https://login.example.test/tenant/v2.0";
const env = { SESSION_ABSOLUTE_HOURS: 12 };
const meta = { ip: "203.0.113.9", userAgent: "jest" };
let n = 0;
/** A fresh email and subject per test, so tests do not see each other's rows. */
const unique = () => {
  n += 1;
  return { email: `sso-${Date.now()}-${n}@portal.example`, subject: `sub-${Date.now()}-${n}` };
};

async function eventsFor(email: string) {
  const db = await getDb();
  return db.select().from(securityEvents).where(eq(securityEvents.actor, email)).orderBy(desc(securityEvents.id));
}

describe("completeAdminSignIn", () => {
  it("creates the admin keyed on issuer + subject, starts a session and records the sign-in", async () => {
    const db = await getDb();
    const { email, subject } = unique();
    const result = await completeAdminSignIn(db, env, { issuer: ISSUER, subject, email, displayName: "Alex Morgan", via: "email" }, meta);
    expect(result.ok).toBe(true);
    if (!result.ok) return;

    const [user] = await db.select().from(users).where(eq(users.id, result.userId));
    expect(user).toMatchObject({ email, type: "Admin", issuer: ISSUER, subject, displayName: "Alex Morgan" });
    expect(user!.lastSignInAt).toBeInstanceOf(Date);

    const [session] = await db.select().from(sessions).where(eq(sessions.id, hashToken(result.cookieValue)));
    expect(session).toMatchObject({ userType: "Admin", email, userId: result.userId, ip: meta.ip, revokedAt: null });
    expect(result.expiresAt.getTime() - Date.now()).toBeGreaterThan(11.9 * 3600_000);

    const [event] = await eventsFor(email);
    expect(event).toMatchObject({ event: "SignInSucceeded", userType: "Admin", ip: meta.ip, userAgent: "jest" });
    expect(event!.detail).toMatchObject({ method: "sso", issuer: ISSUER, via: "email" });
    expect(JSON.stringify(event)).not.toContain(result.cookieValue);
  });

  it("finds the same row again by issuer + subject, even when the email claim changed", async () => {
    const db = await getDb();
    const { email, subject } = unique();
    const first = await completeAdminSignIn(db, env, { issuer: ISSUER, subject, email, via: "email" }, meta);
    const renamed = `renamed-${email}`;
    const second = await completeAdminSignIn(db, env, { issuer: ISSUER, subject, email: renamed, displayName: "New Name", via: "group" }, meta);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.userId).toBe(first.userId);
    const rows = await db.select().from(users).where(and(eq(users.issuer, ISSUER), eq(users.subject, subject)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: renamed, displayName: "New Name" });
  });

  it("claims the admin row provisioned for the email before the first sign-in", async () => {
    const db = await getDb();
    const { email, subject } = unique();
    const [provisioned] = await db.insert(users).values({ email: email.toUpperCase(), type: "Admin", displayName: "Provisioned" }).returning();
    const result = await completeAdminSignIn(db, env, { issuer: ISSUER, subject, email, via: "email" }, meta);
    expect(result).toMatchObject({ ok: true, userId: provisioned!.id });
    const [user] = await db.select().from(users).where(eq(users.id, provisioned!.id));
    expect(user).toMatchObject({ issuer: ISSUER, subject, email, displayName: "Provisioned" });
  });

  it("refuses an email that belongs to another SSO identity, and starts no session", async () => {
    const db = await getDb();
    const { email, subject } = unique();
    await db.insert(users).values({ email, type: "Admin", issuer: "https://other-idp.example.test", subject });
    const sessionsBefore = await db.select({ count: sql<number>`count(*)::int` }).from(sessions).where(eq(sessions.email, email));
    const result = await completeAdminSignIn(db, env, { issuer: ISSUER, subject: `${subject}-attacker`, email, via: "email" }, meta);
    expect(result).toEqual({ ok: false, reason: "email_in_use" });
    const sessionsAfter = await db.select({ count: sql<number>`count(*)::int` }).from(sessions).where(eq(sessions.email, email));
    expect(sessionsAfter).toEqual(sessionsBefore);
    const [event] = await eventsFor(email);
    expect(event).toMatchObject({ event: "SignInFailed", detail: expect.objectContaining({ reason: "email_in_use" }) });
    // The row still belongs to its identity.
    const [row] = await db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ issuer: "https://other-idp.example.test", subject });
  });

  it("does not turn a non-admin row with the same email into an admin", async () => {
    const db = await getDb();
    const { email, subject } = unique();
    await db.insert(users).values({ email, type: "DV_CompanyContact" });
    const result = await completeAdminSignIn(db, env, { issuer: ISSUER, subject, email, via: "email" }, meta);
    expect(result).toEqual({ ok: false, reason: "email_in_use" });
    const [row] = await db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ type: "DV_CompanyContact", issuer: null });
  });

  it("ends the session the browser had (identifier rotation)", async () => {
    const db = await getDb();
    const { email, subject } = unique();
    const old = await createSession(db, env, { userType: "Admin", email }, meta);
    const result = await completeAdminSignIn(db, env, { issuer: ISSUER, subject, email, via: "email" }, { ...meta, previousCookie: old.cookieValue });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.cookieValue).not.toBe(old.cookieValue);
    const [before] = await db.select().from(sessions).where(eq(sessions.id, hashToken(old.cookieValue)));
    expect(before!.revokedAt).toBeInstanceOf(Date);
    const [after] = await db.select().from(sessions).where(eq(sessions.id, hashToken(result.cookieValue)));
    expect(after!.revokedAt).toBeNull();
  });
});

describe("/api/auth/* without OIDC configuration", () => {
  const saved = { ...process.env };
  beforeAll(() => {
    delete process.env.OIDC_ISSUER;
    delete process.env.OIDC_CLIENT_ID;
    delete process.env.OIDC_CLIENT_SECRET;
    resetEnvCache();
  });
  afterAll(() => {
    process.env = saved;
    resetEnvCache();
  });

  it("answers 404 for every next-auth path", async () => {
    const { GET, POST } = await import("@/app/api/auth/[...nextauth]/route");
    for (const [handler, method, parts] of [
      [GET, "GET", ["providers"]],
      [GET, "GET", ["signin", "oidc"]],
      [GET, "GET", ["callback", "oidc"]],
      [POST, "POST", ["signin", "oidc"]],
    ] as const) {
      const request = new Request(`http://localhost:3000/api/auth/${parts.join("/")}`, { method });
      const res = await handler(request as never, { params: Promise.resolve({ nextauth: [...parts] }) });
      expect(res.status).toBe(404);
    }
  });
});

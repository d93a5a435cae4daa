import { and, desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { securityEvents, sessions, users } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { APP_URL, freePort, LOCAL_CLIENT, LOCAL_ONE_TIME_CODE, portalSignIn, ProviderPage, startLocalProvider, type LocalProvider } from "./support/local-oidc";
import { setupTestDb } from "./support/setup-test-db";

/*
 * ADMIN_REQUIRE_MFA (issue 21 item 9): an admin whose ID token shows no second factor is refused,
 * sent to /errors/second-factor-required and recorded as a SignInFailed security event; with one,
 * signed in. Against the local provider as its own process: mfa-admin@portal.example is asked for
 * its one-time code and gets amr ["pwd", "otp"], admin@portal.example gets amr ["pwd"].
 */

const admin = "admin@portal.example";
const mfaAdmin = "mfa-admin@portal.example";

setupTestDb({ seed: false });

let provider: LocalProvider | undefined;
const saved: Record<string, string | undefined> = {};
let rowsBefore: (typeof users.$inferSelect)[] = [];

function setEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (!(name in saved)) saved[name] = process.env[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
}

async function lastEvent(email: string) {
  const [event] = await (await getDb()).select().from(securityEvents).where(eq(securityEvents.actor, email)).orderBy(desc(securityEvents.id)).limit(1);
  return event;
}

async function liveSessions(email: string): Promise<number> {
  const [row] = await (await getDb())
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(and(eq(sessions.email, email), sql`${sessions.revokedAt} is null`));
  return row!.n;
}

beforeAll(async () => {
  const port = await freePort();
  setEnv({
    APP_URL,
    OIDC_ISSUER: `http://localhost:${port}`,
    OIDC_CLIENT_ID: LOCAL_CLIENT.clientId,
    OIDC_CLIENT_SECRET: LOCAL_CLIENT.clientSecret,
    ADMIN_EMAILS: `${admin},${mfaAdmin}`,
    ADMIN_GROUP: undefined,
    ADMIN_ACCEPTED_ACR: undefined,
  });
  rowsBefore = await (await getDb()).select().from(users).where(sql`${users.email} in (${admin}, ${mfaAdmin})`);
  provider = await startLocalProvider(port, "id_token");
}, 60_000);

afterAll(async () => {
  await provider?.stop();
  // Signing in claims or creates these rows; later files in this worker's database expect the demo's.
  const db = await getDb();
  await db.delete(sessions).where(sql`${sessions.email} in (${admin}, ${mfaAdmin})`);
  for (const email of [admin, mfaAdmin]) {
    const before = rowsBefore.find((r) => r.email === email);
    if (before) {
      const { id, ...row } = before;
      await db.update(users).set(row).where(eq(users.id, id));
    } else {
      await db.delete(users).where(eq(users.email, email));
    }
  }
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
});

describe("admin sign-in with ADMIN_REQUIRE_MFA=true", () => {
  beforeAll(() => setEnv({ ADMIN_REQUIRE_MFA: "true" }));

  it("refuses an admin whose ID token shows a password only, with the second-factor page and a security event", async () => {
    const sessionsBefore = await liveSessions(admin);
    const { idToken, answer, ctx } = await portalSignIn(provider!, admin);
    expect(idToken.amr).toEqual(["pwd"]);
    expect(answer).toBe(`${APP_URL}/errors/second-factor-required`);
    expect(ctx.session).toBeUndefined();
    expect(await liveSessions(admin)).toBe(sessionsBefore);
    expect(await lastEvent(admin)).toMatchObject({
      event: "SignInFailed",
      userType: "Admin",
      ip: "203.0.113.44",
      detail: { method: "sso", issuer: provider!.issuer, reason: "second_factor_missing", amr: ["pwd"], acr: null },
    });
  });

  it("signs in an admin who gave the one-time code: amr pwd + otp", async () => {
    const { idToken, answer, ctx } = await portalSignIn(provider!, mfaAdmin, { otp: LOCAL_ONE_TIME_CODE });
    expect(idToken.amr).toEqual(["pwd", "otp"]);
    expect(answer).toBe(true);
    expect(ctx.session?.cookieValue).toMatch(/^[\w-]{43}$/);
    expect(await lastEvent(mfaAdmin)).toMatchObject({ event: "SignInSucceeded", userType: "Admin", detail: expect.objectContaining({ method: "sso", secondFactor: "amr" }) });
  });

  it("accepts an acr listed in ADMIN_ACCEPTED_ACR only when the token carries it", async () => {
    // The local provider issues no acr: listing one does not admit a password-only sign-in.
    setEnv({ ADMIN_ACCEPTED_ACR: "urn:example:mfa" });
    try {
      const { idToken, answer } = await portalSignIn(provider!, admin);
      expect(idToken.acr).toBeUndefined();
      expect(answer).toBe(`${APP_URL}/errors/second-factor-required`);
    } finally {
      setEnv({ ADMIN_ACCEPTED_ACR: undefined });
    }
  });
});

describe("the local provider's second factor", () => {
  it("asks an account configured for it for the one-time code, shows the development code, and refuses a wrong one", async () => {
    const asked = await portalSignIn(provider!, mfaAdmin).catch((e: unknown) => e);
    expect(asked).toBeInstanceOf(ProviderPage);
    expect((asked as ProviderPage).status).toBe(200);
    expect((asked as ProviderPage).html).toContain(`the code is always <strong>${LOCAL_ONE_TIME_CODE}</strong>`);
    const wrong = await portalSignIn(provider!, mfaAdmin, { otp: "654321" }).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(ProviderPage);
    expect((wrong as ProviderPage).status).toBe(400);
    expect((wrong as ProviderPage).html).toContain("That code is not right");
  });
});

describe("admin sign-in with ADMIN_REQUIRE_MFA=false", () => {
  beforeAll(() => setEnv({ ADMIN_REQUIRE_MFA: "false" }));

  it("signs in a password-only admin, recording that no second factor was shown", async () => {
    const { answer, ctx } = await portalSignIn(provider!, admin);
    expect(answer).toBe(true);
    expect(ctx.session).toBeDefined();
    expect(await lastEvent(admin)).toMatchObject({ event: "SignInSucceeded", detail: expect.objectContaining({ secondFactor: null }) });
  });
});

import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { securityEvents, users } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { APP_URL, freePort, LOCAL_CLIENT, portalSignIn as signInWith, startLocalProvider, type ClaimsMode, type LocalProvider } from "./support/local-oidc";
import { setupTestDb } from "./support/setup-test-db";

/*
 * Admin sign-in against the local OpenID Connect provider (oidc-provider) in both of its modes:
 * claims in the ID token (as Entra ID sends them), and claims at the UserInfo endpoint only
 * (oidc-provider's default, OpenID Connect Core 5.4), chosen with OIDC_PROVIDER_CLAIMS. The provider
 * runs as its own process, as `npm start` runs it; the authorization code flow runs over HTTP
 * against it; the portal's next-auth provider then reads the claims and its signIn callback
 * decides, exactly as /api/auth/callback/oidc does (tests/integration/support/local-oidc.ts).
 */

/** scripts/oidc-provider.ts's accounts. */
const admin = { email: "admin@portal.example" };
const staff = { email: "staff@portal.example" };

setupTestDb({ seed: false });

let port = 0;
let saved: Record<string, string | undefined> = {};

function setEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (!(name in saved)) saved[name] = process.env[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
}

/**
 * The demo admin's row as it was before these sign-ins. Signing in claims it (issuer, subject) and
 * renames it to the provider's "Alex Morgan"; later files in this worker's database expect the demo's
 * row, so it is put back (or removed, when the sign-ins created it).
 */
let adminBefore: typeof users.$inferSelect | undefined;

beforeAll(async () => {
  port = await freePort();
  setEnv({ APP_URL, OIDC_ISSUER: `http://localhost:${port}`, OIDC_CLIENT_ID: LOCAL_CLIENT.clientId, OIDC_CLIENT_SECRET: LOCAL_CLIENT.clientSecret });
  [adminBefore] = await (await getDb()).select().from(users).where(eq(users.email, admin.email));
});

afterAll(async () => {
  const db = await getDb();
  if (adminBefore) {
    const { id, ...row } = adminBefore;
    await db.update(users).set(row).where(eq(users.id, id));
  } else {
    await db.delete(users).where(eq(users.email, admin.email));
  }
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  saved = {};
  resetEnvCache();
});

let provider: LocalProvider | undefined;

/** What the portal makes of one sign-in: the claims it read, and the signIn callback's answer. */
const portalSignIn = (login: string) => signInWith(provider!, login);

async function lastEvent(email: string) {
  const [event] = await (await getDb()).select().from(securityEvents).where(and(eq(securityEvents.actor, email))).orderBy(desc(securityEvents.id)).limit(1);
  return event;
}

describe.each<[ClaimsMode, boolean]>([
  ["id_token", true],
  ["userinfo", false],
])("admin single sign-on, provider releasing claims in mode %s", (mode, emailInIdToken) => {
  beforeAll(async () => {
    provider = await startLocalProvider(port, mode);
  });
  afterAll(async () => {
    await provider?.stop();
    provider = undefined;
  });

  it(`the ID token ${emailInIdToken ? "carries" : "lacks"} the email (the mode is what it says)`, async () => {
    setEnv({ ADMIN_EMAILS: admin.email, ADMIN_GROUP: undefined });
    const { idToken } = await portalSignIn(admin.email);
    expect(idToken.sub).toMatch(/^[\w-]{36}$/);
    expect("email" in idToken).toBe(emailInIdToken);
    expect("groups" in idToken).toBe(emailInIdToken);
  });

  it("signs in an admin listed in ADMIN_EMAILS", async () => {
    setEnv({ ADMIN_EMAILS: admin.email, ADMIN_GROUP: undefined });
    const { profile, answer, ctx } = await portalSignIn(admin.email);
    expect(profile).toMatchObject({ email: admin.email, email_verified: true });
    expect(answer).toBe(true);
    expect(ctx.session?.cookieValue).toMatch(/^[\w-]{43}$/);
    expect(await lastEvent(admin.email)).toMatchObject({ event: "SignInSucceeded", detail: expect.objectContaining({ method: "sso", via: "email" }) });
  });

  it("signs in a member of ADMIN_GROUP by the groups claim", async () => {
    setEnv({ ADMIN_EMAILS: "", ADMIN_GROUP: "portal-admins" });
    const { profile, answer } = await portalSignIn(admin.email);
    expect(profile.groups).toEqual(["portal-admins"]);
    expect(answer).toBe(true);
    expect(await lastEvent(admin.email)).toMatchObject({ event: "SignInSucceeded", detail: expect.objectContaining({ via: "group" }) });
  });

  it("sends someone who is not an admin to the 403 page, recorded as AccessDenied (not no_email)", async () => {
    setEnv({ ADMIN_EMAILS: admin.email, ADMIN_GROUP: "portal-admins" });
    const { answer, ctx } = await portalSignIn(staff.email);
    expect(answer).toBe(`${APP_URL}/errors/un-authorised`);
    expect(ctx.session).toBeUndefined();
    expect(await lastEvent(staff.email)).toMatchObject({ event: "AccessDenied", detail: expect.objectContaining({ reason: "not_admin" }) });
  });
});

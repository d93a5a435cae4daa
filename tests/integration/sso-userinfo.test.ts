import { and, desc, eq } from "drizzle-orm";
import { spawn } from "node:child_process";
import net from "node:net";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { generators, Issuer, type BaseClient, type TokenSet } from "openid-client";
import { getDb } from "@/db";
import { securityEvents, users } from "@/db/schema";
import { buildAuthOptions, type SsoRequestContext } from "@/lib/auth/sso/auth-options";
import { oidcConfig } from "@/lib/auth/sso/oidc-config";
import { getEnv, resetEnvCache } from "@/lib/env";
import { setupTestDb } from "./support/setup-test-db";

/*
 * Admin sign-in against the local OpenID Connect provider (oidc-provider) in both of its modes:
 * claims in the ID token (as Entra ID sends them), and claims at the UserInfo endpoint only
 * (oidc-provider's default, OpenID Connect Core 5.4), chosen with OIDC_PROVIDER_CLAIMS. The provider
 * runs as its own process, as `npm start` runs it; the authorization code flow runs over HTTP
 * against it; the portal's next-auth provider then reads the claims and its signIn callback
 * decides, exactly as /api/auth/callback/oidc does.
 */

type ClaimsMode = "id_token" | "userinfo";
/** scripts/oidc-provider.ts's client and accounts. */
const LOCAL_CLIENT = { clientId: "portal-local", clientSecret: "portal-local-secret" };
const admin = { email: "admin@portal.example" };
const staff = { email: "staff@portal.example" };

setupTestDb({ seed: false });

const APP_URL = "http://localhost:3000";
const REDIRECT_URI = `${APP_URL}/api/auth/callback/oidc`;

let port = 0;
let saved: Record<string, string | undefined> = {};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port: p } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(p));
    });
  });
}

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

/** A cookie jar of one origin: every cookie the provider set, sent back on each request. */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const at = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** The authorization code flow as a browser runs it, signing in at the provider's login form. */
async function codeFlow(client: BaseClient, issuer: string, login: string): Promise<TokenSet> {
  const codeVerifier = generators.codeVerifier();
  const state = generators.state();
  const nonce = generators.nonce();
  const jar = new Jar();
  const step = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(url, issuer), { ...init, redirect: "manual", headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
    jar.take(res);
    return res;
  };
  let res = await step(
    client.authorizationUrl({ scope: "openid email profile groups", state, nonce, code_challenge: generators.codeChallenge(codeVerifier), code_challenge_method: "S256" }),
  );
  for (let hop = 0; hop < 6; hop++) {
    const location = res.headers.get("location");
    if (!location) throw new Error(`the provider answered ${res.status} without a redirect`);
    if (location.startsWith(REDIRECT_URI)) {
      return client.callback(REDIRECT_URI, client.callbackParams(location), { code_verifier: codeVerifier, state, nonce });
    }
    res = /\/interaction\/[^/]+$/.test(new URL(location, issuer).pathname)
      ? await step(location, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ prompt: "login", login, password: "any" }).toString(),
        })
      : await step(location);
  }
  throw new Error("the code flow did not come back to the portal");
}

/** The provider in one mode, as its own process (as `npm start` runs it), and a client of it. */
async function startProvider(claims: ClaimsMode): Promise<{ client: BaseClient; issuer: string; stop: () => Promise<unknown> }> {
  const issuer = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/oidc-provider.ts"], {
    env: { ...process.env, APP_ENV: "test", APP_URL, OIDC_PROVIDER_PORT: String(port), OIDC_PROVIDER_CLAIMS: claims },
    stdio: "ignore",
  });
  const exited = new Promise((r) => child.once("exit", r));
  const stop = () => {
    child.kill("SIGTERM");
    return exited;
  };
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`the provider exited with ${child.exitCode}`);
      const up = await fetch(`${issuer}/.well-known/openid-configuration`).then((r) => r.ok, () => false);
      if (up) break;
      if (i > 150) throw new Error("the provider did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
    const discovered = await Issuer.discover(issuer);
    const client = new discovered.Client({
      client_id: LOCAL_CLIENT.clientId,
      client_secret: LOCAL_CLIENT.clientSecret,
      redirect_uris: [REDIRECT_URI],
      response_types: ["code"],
    });
    return { client, issuer, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

let provider: Awaited<ReturnType<typeof startProvider>> | undefined;

/** What the portal makes of one sign-in: the claims it read, and the signIn callback's answer. */
async function portalSignIn(login: string) {
  const { client, issuer } = provider!;
  const tokens = await codeFlow(client, issuer, login);
  const env = getEnv();
  const ctx: SsoRequestContext = { ip: "203.0.113.44", userAgent: "jest" };
  const options = buildAuthOptions(env, oidcConfig(env)!, "openid email profile groups", ctx);
  const oidc = options.providers[0] as OAuthConfig<Record<string, unknown>>;
  const userinfo = oidc.userinfo as { request: (c: unknown) => Promise<Record<string, unknown>> };
  const profile = await userinfo.request({ tokens, client, provider: oidc });
  const answer = await options.callbacks!.signIn!({
    user: { id: String(profile.sub) },
    account: { provider: "oidc", type: "oauth", providerAccountId: String(profile.sub) },
    profile,
  });
  return { idToken: tokens.claims(), profile, answer, ctx };
}

async function lastEvent(email: string) {
  const [event] = await (await getDb()).select().from(securityEvents).where(and(eq(securityEvents.actor, email))).orderBy(desc(securityEvents.id)).limit(1);
  return event;
}

describe.each<[ClaimsMode, boolean]>([
  ["id_token", true],
  ["userinfo", false],
])("admin single sign-on, provider releasing claims in mode %s", (mode, emailInIdToken) => {
  beforeAll(async () => {
    provider = await startProvider(mode);
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

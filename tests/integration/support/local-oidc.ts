import { spawn } from "node:child_process";
import net from "node:net";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { generators, Issuer, type BaseClient, type TokenSet } from "openid-client";
import { buildAuthOptions, type SsoRequestContext } from "@/lib/auth/sso/auth-options";
import { oidcConfig } from "@/lib/auth/sso/oidc-config";
import { getEnv } from "@/lib/env";

/*
 * Admin sign-in against the local OpenID Connect provider (scripts/oidc-provider.ts), run as its own
 * process as `npm start` runs it: the authorization code flow over HTTP as a browser runs it (its
 * login form, and the one-time code page of an account with a second factor), then the portal's
 * next-auth provider reading the claims and its signIn callback deciding, exactly as
 * /api/auth/callback/oidc does.
 */

/** scripts/oidc-provider.ts's client. */
export const LOCAL_CLIENT = { clientId: "portal-local", clientSecret: "portal-local-secret" };
/** scripts/oidc-provider.ts's fixed one-time code (LOCAL_ONE_TIME_CODE). */
export const LOCAL_ONE_TIME_CODE = "123456";
export const APP_URL = "http://localhost:3000";
const REDIRECT_URI = `${APP_URL}/api/auth/callback/oidc`;

export type ClaimsMode = "id_token" | "userinfo";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port: p } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(p));
    });
  });
}

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

/** The provider's answer when it stopped at a page instead of coming back to the portal. */
export class ProviderPage extends Error {
  constructor(
    readonly status: number,
    readonly html: string,
  ) {
    super(`the provider answered ${status} without a redirect`);
  }
}

/**
 * The authorization code flow as a browser runs it, signing in at the provider's login form and,
 * when the provider asks for one, typing `otp` on its one-time code page. Throws ProviderPage when
 * the provider stops at a page (a code asked for and none given, or a wrong one).
 */
export async function codeFlow(client: BaseClient, issuer: string, login: string, { otp }: { otp?: string } = {}): Promise<TokenSet> {
  const codeVerifier = generators.codeVerifier();
  const state = generators.state();
  const nonce = generators.nonce();
  const jar = new Jar();
  const step = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(url, issuer), { ...init, redirect: "manual", headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
    jar.take(res);
    return res;
  };
  const post = (url: string, fields: Record<string, string>) =>
    step(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });
  let res = await step(
    client.authorizationUrl({ scope: "openid email profile groups", state, nonce, code_challenge: generators.codeChallenge(codeVerifier), code_challenge_method: "S256" }),
  );
  let interaction = "";
  let codeGiven = false;
  for (let hop = 0; hop < 8; hop++) {
    const location = res.headers.get("location");
    if (!location) {
      const html = await res.text();
      // The one-time code page of an account with a second factor: answer it once.
      if (res.status === 200 && /name="otp"/.test(html) && otp !== undefined && !codeGiven) {
        codeGiven = true;
        res = await post(interaction, { prompt: "login", login, otp });
        continue;
      }
      throw new ProviderPage(res.status, html);
    }
    if (location.startsWith(REDIRECT_URI)) {
      return client.callback(REDIRECT_URI, client.callbackParams(location), { code_verifier: codeVerifier, state, nonce });
    }
    if (/\/interaction\/[^/]+$/.test(new URL(location, issuer).pathname)) {
      interaction = location;
      res = await post(location, { prompt: "login", login, password: "any" });
    } else {
      res = await step(location);
    }
  }
  throw new Error("the code flow did not come back to the portal");
}

export interface LocalProvider {
  client: BaseClient;
  issuer: string;
  stop: () => Promise<unknown>;
}

/** The provider in one mode, as its own process (as `npm start` runs it), and a client of it. */
export async function startLocalProvider(port: number, claims: ClaimsMode = "id_token"): Promise<LocalProvider> {
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
      const up = await fetch(`${issuer}/.well-known/openid-configuration`).then(
        (r) => r.ok,
        () => false,
      );
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

/** What the portal makes of one sign-in: the ID token's claims, the claims it read, and the signIn callback's answer. */
export async function portalSignIn(provider: LocalProvider, login: string, options: { otp?: string } = {}) {
  const tokens = await codeFlow(provider.client, provider.issuer, login, options);
  const env = getEnv();
  const ctx: SsoRequestContext = { ip: "203.0.113.44", userAgent: "jest" };
  const authOptions = buildAuthOptions(env, oidcConfig(env)!, "openid email profile groups", ctx);
  const oidc = authOptions.providers[0] as OAuthConfig<Record<string, unknown>>;
  const userinfo = oidc.userinfo as { request: (c: unknown) => Promise<Record<string, unknown>> };
  const profile = await userinfo.request({ tokens, client: provider.client, provider: oidc });
  const answer = await authOptions.callbacks!.signIn!({
    user: { id: String(profile.sub) },
    account: { provider: "oidc", type: "oauth", providerAccountId: String(profile.sub) },
    profile,
  });
  return { idToken: tokens.claims(), profile, answer, ctx };
}

// `npm run oidc`: a local OpenID Connect provider for admin single sign-on in development and tests.
// It is the `oidc-provider` package (a certified OpenID Connect implementation) with its built-in
// development login form, on plain http, with signing keys generated at each start. NEVER expose it:
// it exists so that a newcomer and the test suite can sign in as an admin without a real identity
// provider (Microsoft Entra ID or any other in production).
//
// Issuer:  http://localhost:${OIDC_PROVIDER_PORT ?? 4010}
// Client:  id `portal-local`, secret `portal-local-secret` (client_secret_basic), authorization code
//          flow with PKCE (S256) required, redirect URI `${APP_URL}/api/auth/callback/oidc`
//          (APP_URL defaults to http://localhost:3000).
// Scopes:  openid email profile groups. Claims: sub, email, email_verified, name, groups, and amr
//          (the sign-in's authentication methods, RFC 8176) in every ID token.
// Where the claims are released (OIDC_PROVIDER_CLAIMS):
//   id_token (default)  in the ID token as well as at UserInfo, as Microsoft Entra ID does;
//   userinfo            at the UserInfo endpoint only, the ID token carrying just `sub` and the
//                       protocol claims: oidc-provider's own default, and what OpenID Connect Core
//                       5.4 prescribes when an access token is issued. The portal then reads
//                       UserInfo with the access token (lib/auth/sso/userinfo-claims.ts).
//
// Accounts (type the email on the login form; ANY password is accepted; unknown logins are refused):
//   admin@portal.example      "Alex Morgan"  groups ["portal-admins"]  -> an admin of the portal
//   staff@portal.example      "Sam Patel"    groups ["portal-staff"]   -> not an admin (gets 403)
//   mfa-admin@portal.example  "Jordan Reid"  groups ["portal-admins"]  -> an admin with a second factor
// The portal's local runs set ADMIN_EMAILS=admin@portal.example; ADMIN_GROUP=portal-admins would
// make the same account an admin through its group claim instead.
//
// Second factor: an account configured for it (mfa-admin@portal.example) is asked for a one-time
// code after the login form. The code is always 123456 (LOCAL_ONE_TIME_CODE; the page says so), and
// the ID token then carries amr ["pwd", "otp"] (RFC 8176); every other sign-in gets amr ["pwd"].
// With ADMIN_REQUIRE_MFA=true the portal admits only the former (lib/auth/sso/second-factor.ts).
//
// Consent is given automatically for the portal's own client (a first-party application).
import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import type { Server } from "node:http";
import path from "node:path";
import { parse as parseQuery } from "node:querystring";
import { pathToFileURL } from "node:url";
import Provider, { type Account, type Configuration } from "oidc-provider";
import { readBody } from "../lib/integrations/simulator-http";
import { listenFailure } from "./lib/ports";
import { print } from "./lib/terminal";
import { log } from "../lib/log";

export interface LocalAccount {
  /** The stable, opaque subject identifier (as a real provider would issue). */
  sub: string;
  email: string;
  name: string;
  groups: string[];
  /** Asked for a one-time code after the login form (amr ["pwd", "otp"] instead of ["pwd"]). */
  secondFactor?: boolean;
}

export const LOCAL_ACCOUNTS: readonly LocalAccount[] = [
  { sub: "3b0c9f4e-5a57-4c39-9a55-0d8f1c6a2e11", email: "admin@portal.example", name: "Alex Morgan", groups: ["portal-admins"] },
  { sub: "7e2d41a8-96b3-4f0e-8c1d-5b9a0e3f7c22", email: "staff@portal.example", name: "Sam Patel", groups: ["portal-staff"] },
  { sub: "c4f8a2d6-1e3b-4c5d-9a7f-2b6e8d0c4a33", email: "mfa-admin@portal.example", name: "Jordan Reid", groups: ["portal-admins"], secondFactor: true },
];

/** The one-time code of every account with a second factor: this provider is for development only. */
export const LOCAL_ONE_TIME_CODE = "123456";

export const LOCAL_CLIENT = { clientId: "portal-local", clientSecret: "portal-local-secret" } as const;

const byEmail = (email: string) => LOCAL_ACCOUNTS.find((a) => a.email === email.trim().toLowerCase());
const bySub = (sub: string) => LOCAL_ACCOUNTS.find((a) => a.sub === sub);

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The second step of an account with a second factor: its one-time code, posted back to the same interaction. */
function oneTimeCodePage(action: string, email: string, wrong: boolean): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>One-time code</title></head>
<body><main><h1>Enter your one-time code</h1>
<p>${escapeHtml(email)} signs in with a second factor: the 6-digit code from an authenticator app.</p>
<p>This is the local development provider: the code is always <strong>${LOCAL_ONE_TIME_CODE}</strong>.</p>
${wrong ? `<p role="alert">That code is not right. Try again.</p>` : ""}
<form method="post" action="${escapeHtml(action)}" autocomplete="off">
<input type="hidden" name="prompt" value="login"><input type="hidden" name="login" value="${escapeHtml(email)}">
<label for="otp">One-time code</label>
<input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" required autofocus>
<button type="submit">Continue</button>
</form></main></body></html>`;
}

/** Where the provider releases the scope claims (see the header). */
export type ClaimsMode = "id_token" | "userinfo";

export function claimsModeFrom(value: string | undefined): ClaimsMode {
  if (value === undefined || value === "" || value === "id_token") return "id_token";
  if (value === "userinfo") return "userinfo";
  throw new Error(`OIDC_PROVIDER_CLAIMS must be id_token or userinfo, not "${value}"`);
}

export function createLocalProvider(options: { port: number; appUrl: string; claims?: ClaimsMode }) {
  const issuer = `http://localhost:${options.port}`;
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: "jwk" }), kid: randomUUID(), alg: "RS256", use: "sig" };

  const configuration: Configuration = {
    clients: [
      {
        client_id: LOCAL_CLIENT.clientId,
        client_secret: LOCAL_CLIENT.clientSecret,
        redirect_uris: [new URL("/api/auth/callback/oidc", options.appUrl).toString()],
        post_logout_redirect_uris: [new URL("/", options.appUrl).toString()],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    pkce: { required: () => true },
    claims: {
      // amr (the sign-in's authentication methods, RFC 8176) with `sub`, so every ID token carries it:
      // oidc-provider releases a claim only through a scope or a request for it.
      openid: ["sub", "amr"],
      email: ["email", "email_verified"],
      profile: ["name"],
      groups: ["groups"],
    },
    // id_token mode: the claims of the granted scopes go in the ID token as well (as Entra ID does).
    // userinfo mode: oidc-provider's default, they are released at the UserInfo endpoint only.
    conformIdTokenClaims: (options.claims ?? "id_token") === "userinfo",
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Session: 8 * 3600, Grant: 8 * 3600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
    async findAccount(_ctx, id): Promise<Account | undefined> {
      const account = bySub(id);
      if (!account) return undefined;
      return {
        accountId: account.sub,
        async claims() {
          return { sub: account.sub, email: account.email, email_verified: true, name: account.name, groups: account.groups };
        },
      };
    },
    // The portal is a first-party application: consent is implied, so no consent screen.
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const clientId = oidc.client!.clientId;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      if (clientId !== LOCAL_CLIENT.clientId) return undefined;
      const grant = new oidc.provider.Grant({ clientId, accountId: oidc.session!.accountId! });
      grant.addOIDCScope("openid email profile groups");
      await grant.save();
      return grant;
    },
  };

  const provider = new Provider(issuer, configuration);

  // The development login form accepts any login. Map the typed email to its account and refuse
  // anything else; ask an account with a second factor for its one-time code; then finish the login
  // with the methods used. Other posts (consent) go on to the built-in handler.
  provider.use(async (ctx, next) => {
    if (ctx.method !== "POST" || !/^\/interaction\/[^/]+$/.test(ctx.path) || !ctx.is("application/x-www-form-urlencoded")) {
      return next();
    }
    const body = parseQuery(await readBody(ctx.req, 16 * 1024, () => new Error("request entity too large"))) as Record<string, string | string[] | undefined>;
    if (body.prompt === "login") {
      const login = typeof body.login === "string" ? body.login : "";
      const account = byEmail(login);
      if (!account) {
        log.warn(`[oidc] refused an unknown login`);
        ctx.status = 401;
        ctx.type = "html";
        ctx.set("Cache-Control", "no-store");
        ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in refused</title></head>
<body><main><h1>Sign-in refused</h1><p>This local provider does not know &quot;${escapeHtml(login)}&quot;.
It knows ${LOCAL_ACCOUNTS.map((a) => escapeHtml(a.email)).join(", ")}.</p>
<p><a href="${escapeHtml(ctx.path)}">Try again</a></p></main></body></html>`;
        return;
      }
      if (account.secondFactor) {
        const code = typeof body.otp === "string" ? body.otp.replace(/\s+/g, "") : undefined;
        if (code !== LOCAL_ONE_TIME_CODE) {
          // The code page after the login form, and again after a wrong code.
          ctx.status = code === undefined ? 200 : 400;
          ctx.type = "html";
          ctx.set("Cache-Control", "no-store");
          ctx.body = oneTimeCodePage(ctx.path, account.email, code !== undefined);
          return;
        }
      }
      // The login is finished here rather than by the built-in handler, which records no
      // authentication methods: the ID token's amr says whether a second factor was used.
      ctx.respond = false;
      await provider.interactionFinished(ctx.req, ctx.res, { login: { accountId: account.sub, amr: account.secondFactor ? ["pwd", "otp"] : ["pwd"] } }, { mergeWithLastSubmission: false });
      return;
    }
    // The built-in handler reads an already-parsed body from here.
    (ctx.request as unknown as { body: unknown }).body = body;
    return next();
  });

  return { provider, issuer };
}

/** Starts the provider and resolves once it listens. */
export function startLocalProvider(options: { port: number; appUrl: string; claims?: ClaimsMode }): Promise<{ server: Server; issuer: string }> {
  const { provider, issuer } = createLocalProvider(options);
  return new Promise((resolve, reject) => {
    const server = provider.listen(options.port, () => resolve({ server, issuer }));
    server.once("error", reject);
  });
}

async function main() {
  if ((process.env.APP_ENV ?? (process.env.NODE_ENV === "production" ? "production" : "development")) === "production") {
    log.error("[oidc] the local OpenID Connect provider is for development and tests only; refusing to start in production");
    process.exit(1);
  }
  const port = Number(process.env.OIDC_PROVIDER_PORT ?? 4010);
  const appUrl = process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
  const claims = claimsModeFrom(process.env.OIDC_PROVIDER_CLAIMS);
  const { server, issuer } = await startLocalProvider({ port, appUrl, claims }).catch((err: unknown) => {
    // A taken port: name it and its variable, and exit 1 (which stops `npm start` too).
    throw new Error(listenFailure(err, { port, what: "the local OpenID Connect provider", variable: "OIDC_PROVIDER_PORT" }));
  });
  log.info(`[oidc] local OpenID Connect provider at ${issuer} for ${appUrl} (claims: ${claims === "userinfo" ? "at UserInfo only" : "in the ID token too"})`);
  // For the developer at the terminal, not a log line (whose email addresses would be masked).
  print(`[oidc] accounts (any password): ${LOCAL_ACCOUNTS.map((a) => `${a.email} (${a.name})`).join(", ")}`);
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err) => {
    log.error(`[oidc] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}

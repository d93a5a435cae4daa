import "server-only";
import type { AuthOptions, Profile } from "next-auth";
import type { OAuthConfig } from "next-auth/providers/oauth";
import type { TokenSet } from "openid-client";
import { getDb } from "@/db";
import type { Env } from "@/lib/env";
import { homePaths } from "@/lib/auth/home-path";
import { safeRedirectPath } from "@/lib/safe-redirect";
import { recordSecurityEvent } from "../record-security-event";
import { decideAdmin, emailClaim, type AdminPolicy, type SsoClaims } from "./admin-decision";
import { completeAdminSignIn } from "./complete-admin-sign-in";
import type { OidcConfig } from "./oidc-config";
import { decideSecondFactor } from "./second-factor";
import { mergeUserInfo, needsUserInfo } from "./userinfo-claims";
import { log } from "@/lib/log";

/** The next-auth provider id: the callback is /api/auth/callback/oidc. */
export const SSO_PROVIDER_ID = "oidc";
/** Where next-auth sends failures (with `?error=<code>`). */
export const SSO_ERROR_PAGE = "/admin/login";
/** Where an admin whose sign-in showed no second factor is sent, when ADMIN_REQUIRE_MFA is on. */
export const SECOND_FACTOR_REQUIRED_PAGE = "/errors/second-factor-required";
/** How long next-auth's own session cookie lives. The portal never reads it; our session is ours. */
const NEXT_AUTH_SESSION_SECONDS = 60;

/** What one request to the next-auth route knows and learns. */
export interface SsoRequestContext {
  ip: string;
  userAgent: string;
  /** The portal session cookie the browser sent, ended when a new session starts. */
  previousCookie?: string;
  /** Set when the sign-in callback started our session. */
  session?: { cookieValue: string; expiresAt: Date };
  /** The last error next-auth reported during this request (code and a value-free summary). */
  error?: string;
}

interface OidcProfile extends SsoClaims {
  iss?: string;
  sub?: string;
  name?: string;
}

/**
 * An error's first clause, with the values openid-client puts after it ("state mismatch,
 * expected …, got: …") left out, so no state, nonce or token reaches a log line.
 */
function summarise(metadata: unknown): string {
  const err = metadata instanceof Error ? metadata : (metadata as { error?: unknown } | undefined)?.error;
  const message = err instanceof Error ? err.message : typeof err === "string" ? err : "";
  return message.split(/[,:]/)[0]!.replace(/[^\w .-]/g, "").slice(0, 120);
}

/**
 * next-auth options for admin single sign-on. next-auth does only the OpenID Connect dance
 * (authorization code + PKCE, state and nonce; the ID token's signature, issuer, audience and
 * nonce are checked by openid-client because `idToken` is on). Its `signIn` callback hands over
 * to the portal: it decides whether the person is an admin, then starts the portal's own
 * server-side session and leaves the new cookie value in `ctx.session` for the route handler to
 * set. Built per request, because the callback needs the request's IP and user agent.
 */
export function buildAuthOptions(
  env: Env,
  config: OidcConfig,
  scope: string,
  ctx: SsoRequestContext,
  { builtInSignInPage = false }: { builtInSignInPage?: boolean } = {},
): AuthOptions {
  const appUrl = new URL(env.APP_URL);
  const unAuthorised = new URL("/errors/un-authorised", appUrl).toString();
  const secondFactorRequired = new URL(SECOND_FACTOR_REQUIRED_PAGE, appUrl).toString();
  const failed = (code: string) => new URL(`${SSO_ERROR_PAGE}?error=${code}`, appUrl).toString();
  const policy: AdminPolicy = { adminEmails: env.ADMIN_EMAILS, adminGroup: env.ADMIN_GROUP };

  const provider: OAuthConfig<OidcProfile> = {
    id: SSO_PROVIDER_ID,
    name: "Single sign-on",
    type: "oauth",
    wellKnown: config.wellKnown,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    authorization: { params: { scope } },
    checks: ["pkce", "state", "nonce"],
    idToken: true,
    // The person's claims: the verified ID token's, completed from the UserInfo endpoint (with the
    // access token) when it lacks the email, or the groups that ADMIN_GROUP needs. Providers may
    // release those claims at UserInfo only (see ./userinfo-claims.ts).
    userinfo: {
      async request({ tokens, client }) {
        // next-auth hands over openid-client's TokenSet (its type says only "parameters").
        const tokenSet = tokens as TokenSet;
        const idClaims = tokenSet.claims() as OidcProfile;
        if (!needsUserInfo(idClaims, policy) || !tokenSet.access_token) return idClaims as Profile;
        // openid-client also refuses a response whose `sub` is not the ID token's.
        return mergeUserInfo(idClaims, (await client.userinfo(tokenSet)) as OidcProfile) as Profile;
      },
    },
    profile(profile) {
      return { id: String(profile.sub), email: emailClaim(profile), name: typeof profile.name === "string" ? profile.name : null };
    },
  };

  return {
    secret: env.AUTH_SECRET,
    providers: [provider],
    // Failures come back to /admin/login with `?error=<code>`. next-auth's own sign-in page (a form
    // carrying its CSRF token) is served only when asked for directly: the no-JavaScript fallback.
    pages: builtInSignInPage ? { error: SSO_ERROR_PAGE } : { error: SSO_ERROR_PAGE, signIn: SSO_ERROR_PAGE },
    session: { strategy: "jwt", maxAge: NEXT_AUTH_SESSION_SECONDS },
    jwt: { maxAge: NEXT_AUTH_SESSION_SECONDS },
    logger: {
      error(code, metadata) {
        ctx.error = `${code}: ${summarise(metadata)}`;
        log.error(`[sso] ${ctx.error}`);
      },
      warn(code) {
        log.warn(`[sso] ${code}`);
      },
      debug() {},
    },
    callbacks: {
      async signIn({ account, profile }) {
        const claims = (profile ?? {}) as OidcProfile;
        const issuer = typeof claims.iss === "string" ? claims.iss : config.issuer;
        const subject = typeof claims.sub === "string" ? claims.sub : "";
        const meta = { ip: ctx.ip, userAgent: ctx.userAgent };
        try {
          const db = await getDb();
          if (account?.provider !== SSO_PROVIDER_ID || !subject) {
            await recordSecurityEvent(db, { event: "SignInFailed", actor: "anonymous", ...meta, detail: { method: "sso", issuer, reason: "no_subject" } });
            return failed("SignInFailed");
          }
          const decision = decideAdmin(claims, policy);
          if (!decision.admin) {
            await recordSecurityEvent(db, {
              event: decision.reason === "not_admin" ? "AccessDenied" : "SignInFailed",
              actor: decision.email ?? "anonymous",
              ...meta,
              detail: { method: "sso", issuer, reason: decision.reason },
            });
            return unAuthorised;
          }
          // A second factor, as the ID token shows it (amr, or an accepted acr): required with
          // ADMIN_REQUIRE_MFA, recorded either way. The claims are the ID token's own (UserInfo
          // never fills amr or acr, see ./userinfo-claims.ts).
          const factor = decideSecondFactor(claims, { required: env.ADMIN_REQUIRE_MFA, acceptedAcr: env.ADMIN_ACCEPTED_ACR });
          if (!factor.ok) {
            await recordSecurityEvent(db, {
              event: "SignInFailed",
              actor: decision.email,
              userType: "Admin",
              ...meta,
              detail: { method: "sso", issuer, reason: factor.reason, amr: factor.amr, acr: factor.acr },
            });
            return secondFactorRequired;
          }
          const result = await completeAdminSignIn(
            db,
            env,
            { issuer, subject, email: decision.email, displayName: claims.name, via: decision.via, secondFactor: factor.shownBy },
            { ...meta, previousCookie: ctx.previousCookie },
          );
          if (!result.ok) return unAuthorised;
          // The route handler sets the portal's session cookie on next-auth's response (see there).
          ctx.session = { cookieValue: result.cookieValue, expiresAt: result.expiresAt };
          return true;
        } catch (err) {
          ctx.error = `SIGN_IN_CALLBACK_ERROR: ${summarise(err)}`;
          log.error(`[sso] ${ctx.error}`);
          return failed("SignInFailed");
        }
      },
      async redirect({ url, baseUrl }) {
        // Only paths on this site; anything else lands on the admin home.
        let path = url;
        if (!url.startsWith("/")) {
          try {
            const parsed = new URL(url);
            path = parsed.origin === baseUrl ? `${parsed.pathname}${parsed.search}${parsed.hash}` : "";
          } catch {
            path = "";
          }
        }
        const safe = safeRedirectPath(path);
        return new URL(safe === "/" ? homePaths.Admin : safe, baseUrl).toString();
      },
      async jwt({ token }) {
        // Nothing of the person is kept in next-auth's own (unused, short-lived) token.
        return { sub: token.sub };
      },
    },
  };
}

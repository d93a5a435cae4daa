import type { Env } from "@/lib/env";

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's discovery document. */
  wellKnown: string;
}

/** Admin single sign-on settings, or null when OIDC_ISSUER / client id / secret are not all set. */
export function oidcConfig(env: Pick<Env, "OIDC_ISSUER" | "OIDC_CLIENT_ID" | "OIDC_CLIENT_SECRET">): OidcConfig | null {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return null;
  const issuer = env.OIDC_ISSUER.replace(/\/+$/, "");
  return {
    issuer,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    wellKnown: `${issuer}/.well-known/openid-configuration`,
  };
}

const BASE_SCOPE = "openid email profile";
const scopeCache = new Map<string, { scope: string; until: number }>();

/**
 * The scopes to ask for: `openid email profile`, plus `groups` when the provider lists it in
 * `scopes_supported` (the local provider does; Entra ID sends its groups claim without a scope).
 * The answer is kept for ten minutes; if discovery fails, the base scopes are used.
 */
export async function oidcScope(config: OidcConfig, now = Date.now()): Promise<string> {
  const cached = scopeCache.get(config.wellKnown);
  if (cached && cached.until > now) return cached.scope;
  let scope = BASE_SCOPE;
  let ttl = 10 * 60_000;
  try {
    const res = await fetch(config.wellKnown, { signal: AbortSignal.timeout(5_000), headers: { accept: "application/json" } });
    const doc = res.ok ? ((await res.json()) as { scopes_supported?: unknown }) : null;
    if (Array.isArray(doc?.scopes_supported) && doc.scopes_supported.includes("groups")) scope = `${BASE_SCOPE} groups`;
    if (!doc) ttl = 10_000;
  } catch {
    ttl = 10_000;
  }
  scopeCache.set(config.wellKnown, { scope, until: now + ttl });
  return scope;
}

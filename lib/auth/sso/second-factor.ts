/**
 * Whether an admin's sign-in used a second factor (ADMIN_REQUIRE_MFA, docs/security.md), read from
 * the ID token the identity provider signed. Pure, so it is unit tested on its own.
 *
 * The `amr` claim lists the authentication methods used, in the values of RFC 8176. A sign-in
 * shows a second factor when `amr` contains "mfa" (the provider says several factors were used), or
 * methods of two different kinds of factor: something known (a password, a PIN, knowledge-based
 * questions), something held (a one-time code, a text message or call, a hardware or software key,
 * a smart card, proof of possession of a key), something one is (face, fingerprint, iris, retina,
 * voice). Two methods of one kind (a password and security questions) are still one factor;
 * methods that are no factor of the person (geolocation, risk-based checks, user presence,
 * Windows integrated authentication, several channels) count for nothing here.
 *
 * Some providers say it with `acr` instead (an authentication context class, e.g. a level the
 * provider defines for multi-factor sign-in): an `acr` listed in ADMIN_ACCEPTED_ACR is accepted.
 */

/** RFC 8176 methods by the kind of factor they are; the one list the decision reads. */
export const AMR_FACTOR_KINDS = {
  knowledge: ["pwd", "pin", "kba"],
  possession: ["otp", "sms", "tel", "hwk", "swk", "sc", "pop"],
  inherence: ["face", "fpt", "iris", "retina", "vbm"],
} as const;

/** RFC 8176: "multiple-factor authentication" — the provider vouches for it as a whole. */
export const AMR_MULTIPLE_FACTORS = "mfa";

export type FactorKind = keyof typeof AMR_FACTOR_KINDS;

/** The ID token's claims, as they arrive (untrusted shapes). */
export interface FactorClaims {
  amr?: unknown;
  acr?: unknown;
  [claim: string]: unknown;
}

export interface SecondFactorPolicy {
  /** ADMIN_REQUIRE_MFA. */
  required: boolean;
  /** ADMIN_ACCEPTED_ACR. */
  acceptedAcr: readonly string[];
}

export type SecondFactorDecision =
  /** `shownBy`: how the token showed a second factor, or null when it did not (and none was required). */
  | { ok: true; shownBy: "amr" | "acr" | null }
  | { ok: false; reason: "second_factor_missing"; amr: string[]; acr: string | null };

/** The `amr` claim as a list of strings (lower-cased, at most 20, each at most 40 characters). */
export function amrClaim(claims: FactorClaims): string[] {
  const raw = claims.amr;
  const values = typeof raw === "string" ? [raw] : Array.isArray(raw) ? raw : [];
  return values
    .filter((v): v is string => typeof v === "string")
    .map((v) => v.trim().toLowerCase().slice(0, 40))
    .filter(Boolean)
    .slice(0, 20);
}

/** The `acr` claim, or null when absent or not a string. */
export function acrClaim(claims: FactorClaims): string | null {
  return typeof claims.acr === "string" && claims.acr.trim() ? claims.acr.trim().slice(0, 200) : null;
}

/** The kinds of factor a list of methods covers. */
export function factorKinds(amr: readonly string[]): Set<FactorKind> {
  const kinds = new Set<FactorKind>();
  for (const [kind, methods] of Object.entries(AMR_FACTOR_KINDS) as [FactorKind, readonly string[]][]) {
    if (amr.some((m) => methods.includes(m))) kinds.add(kind);
  }
  return kinds;
}

export function decideSecondFactor(claims: FactorClaims, policy: SecondFactorPolicy): SecondFactorDecision {
  const amr = amrClaim(claims);
  const acr = acrClaim(claims);
  if (amr.includes(AMR_MULTIPLE_FACTORS) || factorKinds(amr).size >= 2) return { ok: true, shownBy: "amr" };
  if (acr !== null && policy.acceptedAcr.some((accepted) => accepted === acr)) return { ok: true, shownBy: "acr" };
  if (!policy.required) return { ok: true, shownBy: null };
  return { ok: false, reason: "second_factor_missing", amr, acr };
}

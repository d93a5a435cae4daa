/**
 * Who of the single sign-on users is an admin (docs/security.md, docs/integrations.md): the `email` claim is in
 * ADMIN_EMAILS, or ADMIN_GROUP is in the `groups` claim. Pure, so it is unit tested on its own.
 *
 * - Emails compare case-insensitively (ADMIN_EMAILS is already lower-cased by lib/env.ts).
 * - Groups compare case-insensitively too: Entra ID sends group object ids (GUIDs), whose case
 *   carries no meaning; other providers send names.
 * - An email the provider says is not verified (`email_verified: false`) is never trusted. Every
 *   admin needs an email (it names them in sessions and the audit trail), even one admitted by group.
 */

export interface AdminPolicy {
  adminEmails: readonly string[];
  adminGroup?: string;
}

export type AdminDecision =
  | { admin: true; email: string; via: "email" | "group" }
  | { admin: false; email: string | null; reason: "no_email" | "email_not_verified" | "not_admin" };

/** The claims this decision reads, as they arrive (untrusted shapes). */
export interface SsoClaims {
  email?: unknown;
  email_verified?: unknown;
  groups?: unknown;
  [claim: string]: unknown;
}

/** The `email` claim, trimmed and lower-cased, or null when absent or not an email. */
export function emailClaim(claims: SsoClaims): string | null {
  if (typeof claims.email !== "string") return null;
  const email = claims.email.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+$/.test(email) && email.length <= 320 ? email : null;
}

/** The `groups` claim as a list of strings (a single string counts as one group). */
export function groupsClaim(claims: SsoClaims): string[] {
  const raw = claims.groups;
  if (typeof raw === "string") return [raw];
  if (Array.isArray(raw)) return raw.filter((g): g is string => typeof g === "string");
  return [];
}

export function decideAdmin(claims: SsoClaims, policy: AdminPolicy): AdminDecision {
  const email = emailClaim(claims);
  if (!email) return { admin: false, email: null, reason: "no_email" };
  if (claims.email_verified === false || claims.email_verified === "false") {
    return { admin: false, email, reason: "email_not_verified" };
  }
  if (policy.adminEmails.some((e) => e.toLowerCase() === email)) return { admin: true, email, via: "email" };
  const group = policy.adminGroup?.trim().toLowerCase();
  if (group && groupsClaim(claims).some((g) => g.trim().toLowerCase() === group)) return { admin: true, email, via: "group" };
  return { admin: false, email, reason: "not_admin" };
}

import { emailClaim, groupsClaim, type AdminPolicy, type SsoClaims } from "./admin-decision";

/*
 * OpenID Connect lets a provider release the claims of the `email`, `profile` and `groups` scopes
 * at its UserInfo endpoint only, leaving the ID token with `sub` and the protocol claims (OpenID
 * Connect Core 5.4; `oidc-provider` does exactly that by default, Entra ID puts them in the ID
 * token). The admin decision needs the email, and the groups when ADMIN_GROUP is used, so the
 * portal asks UserInfo for what the ID token lacks. Pure, so it is unit tested on its own.
 */

/** Whether the ID token lacks a claim the admin decision needs. */
export function needsUserInfo(idClaims: SsoClaims, policy: AdminPolicy): boolean {
  const email = emailClaim(idClaims);
  if (!email) return true;
  const group = policy.adminGroup?.trim();
  const admittedByEmail = policy.adminEmails.some((e) => e.toLowerCase() === email);
  return Boolean(group) && !admittedByEmail && idClaims.groups === undefined;
}

/**
 * The ID token's claims, completed from a UserInfo response of the same subject. The ID token
 * (signed, checked for issuer, audience and nonce) wins wherever it says something: UserInfo only
 * fills claims it lacks, and `email` and `email_verified` are taken together from one source, so a
 * verification flag never vouches for another source's address. A response about another subject
 * is refused (OpenID Connect Core 5.3.2; openid-client checks it too).
 */
export function mergeUserInfo(idClaims: SsoClaims, userInfo: SsoClaims): SsoClaims {
  if (typeof idClaims.sub !== "string" || userInfo.sub !== idClaims.sub) throw new Error("userinfo subject mismatch");
  const merged: SsoClaims = { ...idClaims };
  if (emailClaim(idClaims) === null && emailClaim(userInfo) !== null) {
    merged.email = userInfo.email;
    if (userInfo.email_verified === undefined) delete merged.email_verified;
    else merged.email_verified = userInfo.email_verified;
  }
  if (idClaims.groups === undefined && groupsClaim(userInfo).length > 0) merged.groups = groupsClaim(userInfo);
  if (idClaims.name === undefined && typeof userInfo.name === "string") merged.name = userInfo.name;
  return merged;
}

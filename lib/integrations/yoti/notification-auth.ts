// Yoti authenticates its notifications only by echoing the token the portal put in the session:
// `Authorization: Basic base64(auth_token)` or `Authorization: Bearer auth_token`. Anyone can POST
// to the webhook, so the header is compared in constant time, and even a genuine notification is
// only a hint to fetch the session again (its body is never trusted).
import { createHash, timingSafeEqual } from "node:crypto";

export type NotificationAuthType = "BASIC" | "BEARER";

/** The exact header value Yoti sends for `token` and `type`. */
export function expectedAuthorization(token: string, type: NotificationAuthType): string {
  return type === "BEARER" ? `Bearer ${token}` : `Basic ${Buffer.from(token, "utf8").toString("base64")}`;
}

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

/**
 * True when `header` carries `token` under the scheme `type`. The scheme name is matched without
 * regard to case (RFC 9110); the credentials are compared through fixed-length digests, so neither
 * their content nor their length shows in the timing.
 */
export function verifyNotificationAuthorization(header: string | null | undefined, token: string, type: NotificationAuthType): boolean {
  if (!header || !token) return false;
  const match = /^\s*(\S+)\s+(\S+)\s*$/.exec(header);
  if (!match) return false;
  const [, scheme, credentials] = match as unknown as [string, string, string];
  const expected = expectedAuthorization(token, type).split(" ")[1]!;
  const sameCredentials = timingSafeEqual(digest(credentials), digest(expected));
  return scheme.toLowerCase() === type.toLowerCase() && sameCredentials;
}

import crypto from "node:crypto";

/** 256 bits from the system's CSPRNG, URL-safe. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** What is stored instead of a token or cookie value. */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Compares two secrets in constant time (for equal lengths; different lengths are unequal). */
export function safeEqual(a: string, b: string): boolean {
  const ha = crypto.createHash("sha256").update(a).digest();
  const hb = crypto.createHash("sha256").update(b).digest();
  return crypto.timingSafeEqual(ha, hb) && a.length === b.length;
}

import crypto from "node:crypto";

/**
 * Authenticated encryption (AES-256-GCM) of short secrets that must sit in the database for a
 * moment, such as a sign-in link waiting in the outbox. The key is derived from AUTH_SECRET.
 */
function key(secret: string, purpose: string) {
  return Buffer.from(crypto.hkdfSync("sha256", secret, "director-verification-portal", purpose, 32));
}

export function seal(plaintext: string, secret: string, purpose: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
}

export function unseal(sealed: string, secret: string, purpose: string): string {
  const [iv, tag, body] = sealed.split(".").map((p) => Buffer.from(p, "base64url"));
  if (!iv || !tag || !body) throw new Error("malformed sealed value");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key(secret, purpose), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
}

import crypto from "node:crypto";

/*
 * The Companies House personal code at rest.
 *
 * A personal code lets its holder be named as a verified person at Companies House, so a copy of
 * the database alone must not reveal it. Codes are stored as
 *
 *     pc1:<key id>:<iv>.<tag>.<ciphertext>     (AES-256-GCM, base64url parts)
 *
 * The key id (8 characters derived from the key) says which key wrote a value, so keys can be
 * rotated without downtime: the new key encrypts from the moment it is configured, the old ones
 * (listed as previous keys) still decrypt, and the rotation command re-encrypts every stored value
 * under the new key, after which the old keys can be removed. The director id is bound in as
 * additional authenticated data, so a value copied onto another director's row does not decrypt.
 *
 * Pure: keys are passed in (lib/server/directors/personal-code-keys.ts reads them from configuration).
 */

import { PERSONAL_CODE_PATTERN } from "@/lib/domain/personal-code";

// The code as typed and shown (pure, shared with the browser's forms).
export { PERSONAL_CODE_PATTERN, maskPersonalCode, normalisePersonalCode } from "@/lib/domain/personal-code";

const PREFIX = "pc1";
const PURPOSE = "companies-house-personal-code";

export interface PersonalCodeKeys {
  /** Encrypts new values. */
  current: string;
  /** Decrypt older values only. */
  previous: readonly string[];
}

/**
 * The keys a configuration names: PERSONAL_CODE_KEY encrypts, PERSONAL_CODE_PREVIOUS_KEYS only
 * decrypt. Outside production an unset key is derived from AUTH_SECRET (production refuses to start
 * without PERSONAL_CODE_KEY), so development and tests need no extra setting.
 */
export function personalCodeKeysFrom(env: { PERSONAL_CODE_KEY?: string; PERSONAL_CODE_PREVIOUS_KEYS: readonly string[]; AUTH_SECRET: string }): PersonalCodeKeys {
  return { current: env.PERSONAL_CODE_KEY ?? `${env.AUTH_SECRET}:personal-code`, previous: env.PERSONAL_CODE_PREVIOUS_KEYS };
}

interface DerivedKey {
  id: string;
  key: Buffer;
}

const derived = new Map<string, DerivedKey>();

function derive(secret: string): DerivedKey {
  let d = derived.get(secret);
  if (!d) {
    const key = Buffer.from(crypto.hkdfSync("sha256", secret, "director-verification-portal", PURPOSE, 32));
    const id = crypto.createHash("sha256").update("key-id:").update(key).digest("base64url").slice(0, 8);
    d = { id, key };
    derived.set(secret, d);
  }
  return d;
}

/** The id of the key that encrypts new values. */
export function currentKeyId(keys: PersonalCodeKeys): string {
  return derive(keys.current).id;
}

function aad(directorId: number) {
  return Buffer.from(`director:${directorId}`);
}

export function encryptPersonalCode(code: string, directorId: number, keys: PersonalCodeKeys): string {
  const { id, key } = derive(keys.current);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(aad(directorId));
  const body = Buffer.concat([cipher.update(code, "utf8"), cipher.final()]);
  return `${PREFIX}:${id}:${[iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".")}`;
}

/** Whether a stored value is in the encrypted form (anything else is a code stored before encryption). */
export function isEncryptedPersonalCode(stored: string): boolean {
  return stored.startsWith(`${PREFIX}:`);
}

/** The key id a stored value was written with; null for a value stored before encryption. */
export function keyIdOf(stored: string): string | null {
  return isEncryptedPersonalCode(stored) ? (stored.split(":")[1] ?? null) : null;
}

export class PersonalCodeKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PersonalCodeKeyError";
  }
}

/**
 * The code in a stored value. A bare code (stored before encryption was introduced) is returned
 * as it is; the rotation command encrypts those. Throws PersonalCodeKeyError when no configured key
 * wrote the value or it has been tampered with.
 */
export function decryptPersonalCode(stored: string, directorId: number, keys: PersonalCodeKeys): string {
  if (!isEncryptedPersonalCode(stored)) {
    if (PERSONAL_CODE_PATTERN.test(stored)) return stored;
    throw new PersonalCodeKeyError("unreadable personal code");
  }
  const [, kid, payload = ""] = stored.split(":");
  const key = [keys.current, ...keys.previous].map(derive).find((k) => k.id === kid);
  if (!key) throw new PersonalCodeKeyError(`no configured key has id ${kid}`);
  const [iv, tag, body] = payload.split(".").map((p) => Buffer.from(p, "base64url"));
  if (!iv || !tag || !body || iv.length !== 12 || tag.length !== 16) throw new PersonalCodeKeyError("malformed personal code");
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key.key, iv);
    decipher.setAAD(aad(directorId));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    throw new PersonalCodeKeyError("personal code does not authenticate");
  }
}

/** Whether a stored value should be re-encrypted: written by an older key, or not encrypted at all. */
export function needsReencryption(stored: string, keys: PersonalCodeKeys): boolean {
  return keyIdOf(stored) !== currentKeyId(keys);
}

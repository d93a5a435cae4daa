// The development key pair: the portal signs its Yoti requests with the private half (as it would
// with the key downloaded from the Yoti Hub) and the simulator verifies them with the public half.
// Generated once, at first use, beside the embedded database; never used in production (lib/env.ts
// refuses development values there).
import { createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Creates an RSA key at `keyFile` unless one is there. Safe when two processes race to create it. */
export function ensureDevKeyPair(keyFile: string): void {
  if (fs.existsSync(keyFile)) return;
  fs.mkdirSync(path.dirname(keyFile), { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    // PKCS#1 ("BEGIN RSA PRIVATE KEY"), the form the Yoti Hub hands out.
    privateKeyEncoding: { type: "pkcs1", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  const tmp = `${keyFile}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, privateKey, { mode: 0o600 });
  try {
    fs.linkSync(tmp, keyFile); // fails if another process won the race: keep theirs
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/** The public half of the private key in `keyFile`. */
export function publicKeyOf(keyFile: string): KeyObject {
  return createPublicKey(fs.readFileSync(keyFile, "utf8"));
}

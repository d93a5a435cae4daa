// Checks a request signed the way Yoti's API expects (and the `yoti` SDK signs, in
// node_modules/yoti/src/request/request.builder.js):
//
//   X-Yoti-Auth-Digest = base64( RSA-SHA256-sign( METHOD & /path?query & base64(body) ) )
//
// where /path is the endpoint below the API base (`/sessions/…`, not `/idverify/v1/sessions/…`),
// the query carries `sdkId`, a fresh `nonce` and a `timestamp`, and the body part is present only
// for POST, PUT and PATCH requests that have one. The simulator verifies with the public half of the
// key the portal signs with, as Yoti does with the key uploaded to its Hub.
import { createVerify, type KeyObject } from "node:crypto";

export interface SignedRequest {
  method: string;
  /** The request target exactly as received, e.g. `/idverify/v1/sessions?sdkId=…&nonce=…&timestamp=…`. */
  url: string;
  body: Buffer;
  digest: string | undefined;
}

export interface SignatureRules {
  /** The API base path, stripped before the message is rebuilt (e.g. `/idverify/v1`). */
  basePath: string;
  sdkId: string;
  publicKey: KeyObject;
  /** Largest accepted distance between the request's timestamp and now. */
  maxSkewMs: number;
  now: number;
  /** Returns false when the nonce was already used (a replay). */
  useNonce(nonce: string, now: number): boolean;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The exact string the client must have signed, or null when the target is not under `basePath`. */
export function messageToSign(method: string, url: string, basePath: string, body: Buffer): string | null {
  if (!url.startsWith(`${basePath}/`)) return null;
  const endpoint = url.slice(basePath.length);
  const withBody = ["POST", "PUT", "PATCH"].includes(method) && body.length > 0;
  return `${method}&${endpoint}${withBody ? `&${body.toString("base64")}` : ""}`;
}

export function checkSignature(request: SignedRequest, rules: SignatureRules): SignatureCheck {
  const query = new URL(request.url, "http://simulator.invalid").searchParams;
  const sdkId = query.get("sdkId");
  if (!sdkId) return { ok: false, reason: "sdkId query parameter missing" };
  if (sdkId !== rules.sdkId) return { ok: false, reason: "unknown sdkId" };

  const nonce = query.get("nonce");
  if (!nonce || !UUID.test(nonce)) return { ok: false, reason: "nonce missing or not a UUID" };

  const rawTimestamp = query.get("timestamp");
  if (!rawTimestamp || !/^\d+$/.test(rawTimestamp)) return { ok: false, reason: "timestamp missing" };
  // The SDK sends milliseconds; Yoti's documentation shows seconds. Accept both.
  const timestamp = Number(rawTimestamp) < 1e12 ? Number(rawTimestamp) * 1000 : Number(rawTimestamp);
  if (Math.abs(rules.now - timestamp) > rules.maxSkewMs) return { ok: false, reason: "timestamp too old or in the future" };

  if (!request.digest) return { ok: false, reason: "X-Yoti-Auth-Digest header missing" };
  const message = messageToSign(request.method, request.url, rules.basePath, request.body);
  if (message === null) return { ok: false, reason: "path outside the API" };
  let valid = false;
  try {
    valid = createVerify("RSA-SHA256").update(message).verify(rules.publicKey, Buffer.from(request.digest, "base64"));
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, reason: "X-Yoti-Auth-Digest does not match the request" };

  // Only a correctly signed request uses up its nonce, so a forged request cannot burn one.
  if (!rules.useNonce(nonce, rules.now)) return { ok: false, reason: "nonce already used" };
  return { ok: true };
}

/** Remembers nonces for as long as their timestamps could still be accepted. */
export function nonceStore(ttlMs: number) {
  const seen = new Map<string, number>();
  return (nonce: string, now: number): boolean => {
    for (const [n, expires] of seen) {
      if (expires > now) break; // insertion order = expiry order
      seen.delete(n);
    }
    if (seen.has(nonce)) return false;
    seen.set(nonce, now + ttlMs);
    return true;
  };
}

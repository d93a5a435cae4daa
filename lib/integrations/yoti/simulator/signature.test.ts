import { createSign, generateKeyPairSync, randomUUID } from "node:crypto";
import { checkSignature, messageToSign, nonceStore, type SignatureRules } from "./signature";

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const other = generateKeyPairSync("rsa", { modulusLength: 2048 });
const sdkId = "3f7a3d3e-1b2c-4d5e-8f90-a1b2c3d4e5f6";
const now = 1_800_000_000_000;

function rules(overrides: Partial<SignatureRules> = {}): SignatureRules {
  return { basePath: "/idverify/v1", sdkId, publicKey, maxSkewMs: 300_000, now, useNonce: nonceStore(600_000), ...overrides };
}

/** Signs as the yoti SDK's RequestBuilder does. */
function signed(method: string, endpoint: string, body = "", opts: { key?: typeof privateKey; timestamp?: number; nonce?: string; sdk?: string } = {}) {
  const query = `sdkId=${opts.sdk ?? sdkId}&nonce=${opts.nonce ?? randomUUID()}&timestamp=${opts.timestamp ?? now}`;
  const path = `${endpoint}?${query}`;
  const message = `${method}&${path}${body ? `&${Buffer.from(body).toString("base64")}` : ""}`;
  const digest = createSign("RSA-SHA256").update(message).sign(opts.key ?? privateKey, "base64");
  return { method, url: `/idverify/v1${path}`, body: Buffer.from(body), digest };
}

describe("Yoti request signature (simulator side)", () => {
  it("rebuilds the message below the API base, with the body only when there is one", () => {
    expect(messageToSign("GET", "/idverify/v1/sessions/abc?sdkId=x", "/idverify/v1", Buffer.alloc(0))).toBe("GET&/sessions/abc?sdkId=x");
    expect(messageToSign("POST", "/idverify/v1/sessions?sdkId=x", "/idverify/v1", Buffer.from("{}"))).toBe("POST&/sessions?sdkId=x&e30=");
    expect(messageToSign("GET", "/other/sessions", "/idverify/v1", Buffer.alloc(0))).toBeNull();
  });

  it("accepts a request signed like the SDK signs it, with the timestamp in ms or s", () => {
    expect(checkSignature(signed("POST", "/sessions", '{"a":1}'), rules())).toEqual({ ok: true });
    expect(checkSignature(signed("GET", "/sessions/abc"), rules())).toEqual({ ok: true });
    expect(checkSignature(signed("GET", "/sessions/abc", "", { timestamp: now / 1000 }), rules())).toEqual({ ok: true });
  });

  it("refuses another key, a changed body or path, a wrong sdkId, a stale timestamp and a replayed nonce", () => {
    const reason = (r: ReturnType<typeof checkSignature>) => (r.ok ? "ok" : r.reason);
    expect(reason(checkSignature(signed("GET", "/sessions/abc", "", { key: other.privateKey }), rules()))).toMatch(/does not match/);
    const tampered = signed("POST", "/sessions", '{"a":1}');
    expect(reason(checkSignature({ ...tampered, body: Buffer.from('{"a":2}') }, rules()))).toMatch(/does not match/);
    const moved = signed("GET", "/sessions/abc");
    expect(reason(checkSignature({ ...moved, url: moved.url.replace("abc", "abd") }, rules()))).toMatch(/does not match/);
    expect(reason(checkSignature(signed("GET", "/sessions/abc", "", { sdk: "someone-else" }), rules()))).toMatch(/unknown sdkId/);
    expect(reason(checkSignature(signed("GET", "/sessions/abc", "", { timestamp: now - 301_000 }), rules()))).toMatch(/timestamp/);
    expect(reason(checkSignature(signed("GET", "/sessions/abc", "", { nonce: "not-a-uuid" }), rules()))).toMatch(/nonce/);
    expect(reason(checkSignature({ ...signed("GET", "/sessions/abc"), digest: undefined }, rules()))).toMatch(/missing/);
    const once = signed("GET", "/sessions/abc");
    const r = rules();
    expect(checkSignature(once, r)).toEqual({ ok: true });
    expect(reason(checkSignature(once, r))).toMatch(/nonce already used/);
  });

  it("forgets nonces once their timestamps can no longer be accepted", () => {
    const use = nonceStore(1_000);
    expect(use("n1", 0)).toBe(true);
    expect(use("n1", 500)).toBe(false);
    expect(use("n1", 1_001)).toBe(true);
  });
});

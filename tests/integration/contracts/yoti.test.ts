// Contract test: the portal's Yoti adapter, through the official `yoti` SDK, against the local Yoti
// simulator started in-process on a free port with a key pair made for this run. It covers what
// the director journey relies on: create session, get session before and after an outcome, media,
// the notification arriving with the session's Authorization, and signatures being enforced.
import { generateKeyPairSync, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Payload, RequestBuilder } from "yoti";
import { resetEnvCache } from "@/lib/env";
import { getYoti, resetYoti, YotiAuthError, YotiError, YotiNotFoundError, type YotiIdv } from "@/lib/integrations/yoti";
import { expectedAuthorization } from "@/lib/integrations/yoti/notification-auth";
import { createYotiSimulator, type YotiSimulator } from "@/lib/integrations/yoti/simulator/server";
import { YotiAdapter, type YotiAdapterConfig } from "@/lib/integrations/yoti/yoti-adapter";

interface Received {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

const sdkId = randomUUID();
const webhookToken = `contract-webhook-token-${randomUUID()}`;
const keys = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs1", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "yoti-contract-"));
const keyFile = path.join(tmp, "key.pem");

let simulator: YotiSimulator;
let apiUrl: string;
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];
/** Statuses the receiver answers with, in order; 204 once they run out. */
const receiverAnswers: number[] = [];
let yoti: YotiIdv;
let config: YotiAdapterConfig;

const env = ["YOTI_CLIENT_SDK_ID", "YOTI_KEY_FILE_PATH", "YOTI_IDV_API_URL", "YOTI_WEBHOOK_TOKEN", "APP_URL"] as const;
const savedEnv = Object.fromEntries(env.map((k) => [k, process.env[k]]));

beforeAll(async () => {
  // The SDK logs every non-2xx answer with console.log; several cases here expect one.
  const log = console.log;
  jest.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith("Error getting data from Yoti API")) log(...args);
  });
  fs.writeFileSync(keyFile, keys.privateKey, { mode: 0o600 });
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") });
      res.writeHead(receiverAnswers.shift() ?? 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  // Short waits between notification attempts keep the retry test quick; nothing asserts on time.
  simulator = createYotiSimulator({ sdkId, publicKey: keys.publicKey, notificationRetryDelaysMs: [20, 20] });
  ({ apiUrl } = await simulator.listen(0));

  // The portal's own path: configuration → getYoti() → the real adapter reading the key file.
  Object.assign(process.env, {
    YOTI_CLIENT_SDK_ID: sdkId,
    YOTI_KEY_FILE_PATH: keyFile,
    YOTI_IDV_API_URL: apiUrl,
    YOTI_WEBHOOK_TOKEN: webhookToken,
    APP_URL: receiverUrl,
  });
  resetEnvCache();
  resetYoti();
  yoti = getYoti();
  config = { clientSdkId: sdkId, privateKeyPem: keys.privateKey, apiUrl, notificationEndpoint: `${receiverUrl}/api/webhooks/yoti`, webhookToken };
});

afterAll(async () => {
  await simulator?.close();
  await new Promise((r) => receiver?.close(r));
  for (const k of env) {
    if (savedEnv[k] === undefined) delete process.env[k];
    else process.env[k] = savedEnv[k];
  }
  resetEnvCache();
  resetYoti();
  fs.rmSync(tmp, { recursive: true, force: true });
});

beforeEach(() => {
  received.length = 0;
  receiverAnswers.length = 0;
});

/** What the simulator stored for a session (its test view, not Yoti's API). */
async function stored(sessionId: string) {
  const res = await fetch(`${apiUrl.replace("/idverify/v1", "")}/_simulator/sessions/${sessionId}`);
  return (await res.json()) as {
    session: { userTrackingId?: string; requestedChecks: { type: string; config?: Record<string, unknown> }[]; notifications?: Record<string, unknown>; successUrl?: string; clientSessionTokenTtl: number };
    deliveries: { topic: string; attempts: { status: number | null }[]; delivered: boolean }[];
  };
}

async function setOutcome(sessionId: string, outcome: string) {
  const res = await fetch(`${apiUrl.replace("/idverify/v1", "")}/_simulator/sessions/${sessionId}/outcome`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ outcome }),
  });
  expect(res.status).toBe(200);
  await simulator.idle();
}

describe("Yoti IDV adapter against the simulator (official SDK)", () => {
  it("creates a session with the checks, tracking id, token lifetime and notification settings the journey needs", async () => {
    const directorId = "4711";
    const before = Date.now();
    const created = await yoti.createSession({ directorId, clientSessionTokenTtl: 900, successUrl: `${receiverUrl}/identity-verification/done` });
    const after = Date.now();

    expect(created.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.clientSessionToken).toMatch(/^[0-9a-f-]{36}$/);
    const url = new URL(created.sessionUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${apiUrl}/web/index.html`);
    expect(url.searchParams.get("sessionID")).toBe(created.sessionId);
    expect(url.searchParams.get("sessionToken")).toBe(created.clientSessionToken);
    expect(created.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 900_000);
    expect(created.expiresAt.getTime()).toBeLessThanOrEqual(after + 900_000);

    const { session } = await stored(created.sessionId);
    expect(session.userTrackingId).toBe(directorId);
    expect(session.clientSessionTokenTtl).toBe(900);
    expect(session.requestedChecks).toEqual([
      { type: "ID_DOCUMENT_AUTHENTICITY", config: {} },
      { type: "LIVENESS", config: { max_retries: 3, liveness_type: "ZOOM" } },
      { type: "ID_DOCUMENT_FACE_MATCH", config: { manual_check: "FALLBACK" } },
    ]);
    expect(session.notifications).toEqual({
      endpoint: `${receiverUrl}/api/webhooks/yoti`,
      auth_token: webhookToken,
      auth_type: "BASIC",
      topics: ["SESSION_COMPLETION"],
    });
    expect(session.successUrl).toBe(`${receiverUrl}/identity-verification/done`);
  });

  it("refuses a token lifetime under 15 minutes before calling Yoti", async () => {
    await expect(yoti.createSession({ directorId: "1", clientSessionTokenTtl: 899 })).rejects.toThrow(RangeError);
  });

  it("maps a request signed with the wrong key, or for another SDK id, to YotiAuthError (401)", async () => {
    const wrongKey = generateKeyPairSync("rsa", { modulusLength: 2048, privateKeyEncoding: { type: "pkcs1", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
    const forged = new YotiAdapter({ ...config, privateKeyPem: wrongKey.privateKey });
    const error = await forged.createSession({ directorId: "1" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(YotiAuthError);
    expect(error).toMatchObject({ status: 401, code: "UNAUTHORIZED" });

    const created = await yoti.createSession({ directorId: "1" });
    await expect(forged.getSession(created.sessionId)).rejects.toBeInstanceOf(YotiAuthError);
    await expect(new YotiAdapter({ ...config, clientSdkId: randomUUID() }).getSession(created.sessionId)).rejects.toMatchObject({ status: 401 });
  });

  it("answers a malformed session body with Yoti's property errors (400)", async () => {
    type Refused = { status: number; response: { body: { code: string; errors: { property: string }[] } } };
    const post = (body: object): Promise<Refused> =>
      new RequestBuilder()
        .withPemString(keys.privateKey)
        .withBaseUrl(apiUrl)
        .withEndpoint("/sessions")
        .withQueryParam("sdkId", sdkId)
        .withPost()
        .withPayload(new Payload(body))
        .withHeader("Content-Type", "application/json")
        .build()
        .execute()
        .then(
          () => Promise.reject(new Error("expected a 400")),
          (e: unknown) => e as Refused,
        );
    const shape = await post({ client_session_token_ttl: 10 });
    expect(shape).toMatchObject({ status: 400, response: { body: { code: "PAYLOAD_VALIDATION" } } });
    expect(shape.response.body.errors.map((e) => e.property)).toEqual(["client_session_token_ttl"]);
    const rules = await post({ client_session_token_ttl: 900, resources_ttl: 1_000, requested_checks: [{ type: "ID_DOCUMENT_AUTHENICITY" }] });
    expect(rules.status).toBe(400);
    expect(rules.response.body.errors.map((e) => e.property)).toEqual(["resources_ttl", "requested_checks[0].type"]);
  });

  it("reports an unfinished session as ONGOING with its checks not yet decided, and no media", async () => {
    const created = await yoti.createSession({ directorId: "42" });
    const session = await yoti.getSession(created.sessionId);
    expect(session).toMatchObject({ sessionId: created.sessionId, state: "ONGOING", userTrackingId: "42", media: [], documents: [] });
    expect(session.checks.map((c) => c.type)).toEqual(["ID_DOCUMENT_AUTHENTICITY", "LIVENESS", "ID_DOCUMENT_FACE_MATCH"]);
    for (const check of session.checks) {
      expect(check.state).toBe("CREATED");
      expect(check.recommendation).toBeUndefined();
    }
  });

  it("serves the hosted page for framing by the portal, and refuses a wrong token", async () => {
    const created = await yoti.createSession({ directorId: "7", successUrl: `${receiverUrl}/done` });
    const page = await fetch(created.sessionUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("x-frame-options")).toBeNull();
    expect(page.headers.get("content-security-policy")).toContain(`frame-ancestors 'self' ${receiverUrl}`);
    const html = await page.text();
    expect(html).toContain('<html lang="en-GB">');
    for (const label of ["Approve all checks", "Reject", "Manual review", "Let the link expire"]) expect(html).toContain(label);
    expect(html).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)/);

    const wrong = new URL(created.sessionUrl);
    wrong.searchParams.set("sessionToken", randomUUID());
    expect((await fetch(wrong)).status).toBe(401);
  });

  it("after approval on the hosted page: COMPLETED, every check APPROVE, media and document details; notification with Basic auth", async () => {
    const created = await yoti.createSession({ directorId: "99", successUrl: `${receiverUrl}/done` });
    const form = new URLSearchParams({ sessionID: created.sessionId, sessionToken: created.clientSessionToken, outcome: "approve" });
    const chosen = await fetch(`${apiUrl}/web/outcome`, { method: "POST", body: form, redirect: "manual" });
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get("location")).toBe(`${receiverUrl}/done`);
    await simulator.idle();

    const session = await yoti.getSession(created.sessionId);
    expect(session.state).toBe("COMPLETED");
    expect(session.checks).toHaveLength(3);
    for (const check of session.checks) expect(check).toMatchObject({ state: "DONE", recommendation: "APPROVE" });
    expect(session.documents).toEqual([
      expect.objectContaining({ documentType: "PASSPORT", issuingCountry: "GBR", fullName: "James Whitaker", dateOfBirth: "1978-04-12", expiryDate: "2031-09-30" }),
    ]);
    const image = session.media.find((m) => m.type === "IMAGE" && m.source === "id_document.page");
    const fields = session.media.find((m) => m.source === "id_document.fields");
    expect(image && fields).toBeTruthy();
    expect(session.media.some((m) => m.source === "liveness.frame")).toBe(true);

    const jpeg = await yoti.getMedia(created.sessionId, image!.id);
    expect(jpeg?.contentType).toBe("image/jpeg");
    expect(jpeg?.bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(jpeg?.bytes.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    const json = await yoti.getMedia(created.sessionId, fields!.id);
    expect(json?.contentType).toBe("application/json");
    expect(JSON.parse(json!.bytes.toString("utf8"))).toMatchObject({ document_number: expect.any(String) });
    await expect(yoti.getMedia(created.sessionId, randomUUID())).rejects.toBeInstanceOf(YotiNotFoundError);

    expect(received).toEqual([
      { path: "/api/webhooks/yoti", authorization: expectedAuthorization(webhookToken, "BASIC"), body: { session_id: created.sessionId, topic: "session_completion" } },
    ]);
    expect(yoti.verifyNotification(received[0]!.authorization)).toBe(true);
    expect(yoti.verifyNotification(expectedAuthorization(`${webhookToken}x`, "BASIC"))).toBe(false);
    expect(yoti.verifyNotification(`Bearer ${webhookToken}`)).toBe(false);
    expect(yoti.verifyNotification(undefined)).toBe(false);

    // The same link cannot decide a finished session again.
    expect((await fetch(`${apiUrl}/web/outcome`, { method: "POST", body: form, redirect: "manual" })).status).toBe(410);
  });

  it("reports REJECT and NOT_AVAILABLE (manual review) outcomes", async () => {
    const rejected = await yoti.createSession({ directorId: "5" });
    await setOutcome(rejected.sessionId, "reject");
    const r = await yoti.getSession(rejected.sessionId);
    expect(r.state).toBe("COMPLETED");
    expect(r.checks.find((c) => c.type === "ID_DOCUMENT_AUTHENTICITY")).toMatchObject({ recommendation: "REJECT", reason: "COUNTERFEIT" });

    const manual = await yoti.createSession({ directorId: "6" });
    await setOutcome(manual.sessionId, "manual");
    const m = await yoti.getSession(manual.sessionId);
    expect(m.checks.find((c) => c.type === "ID_DOCUMENT_FACE_MATCH")?.recommendation).toBe("NOT_AVAILABLE");
    expect(m.checks.some((c) => c.recommendation === "REJECT")).toBe(false);
    expect(received.map((n) => n.body)).toEqual([
      { session_id: rejected.sessionId, topic: "session_completion" },
      { session_id: manual.sessionId, topic: "session_completion" },
    ]);
  });

  it("reports a link left to expire as EXPIRED, without a completion notification", async () => {
    const created = await yoti.createSession({ directorId: "8" });
    await setOutcome(created.sessionId, "expire");
    const session = await yoti.getSession(created.sessionId);
    expect(session.state).toBe("EXPIRED");
    expect(session.checks.every((c) => c.recommendation === undefined)).toBe(true);
    expect(received).toEqual([]);
    expect((await fetch(created.sessionUrl)).status).toBe(410);
  });

  it("retries a notification the portal did not accept, and sends Bearer when configured", async () => {
    const bearer = new YotiAdapter({ ...config, notificationAuthType: "BEARER" });
    const created = await bearer.createSession({ directorId: "9" });
    receiverAnswers.push(503);
    await setOutcome(created.sessionId, "approve");
    expect(received.map((n) => n.authorization)).toEqual([`Bearer ${webhookToken}`, `Bearer ${webhookToken}`]);
    expect(bearer.verifyNotification(received[0]!.authorization)).toBe(true);
    expect(yoti.verifyNotification(received[0]!.authorization)).toBe(false);
    const { deliveries } = await stored(created.sessionId);
    expect(deliveries).toEqual([{ sessionId: created.sessionId, topic: "session_completion", endpoint: `${receiverUrl}/api/webhooks/yoti`, attempts: [{ status: 503 }, { status: 204 }], delivered: true }]);
  });

  it("deletes a session; afterwards it is not found", async () => {
    const created = await yoti.createSession({ directorId: "10" });
    await yoti.deleteSession(created.sessionId);
    const error = await yoti.getSession(created.sessionId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(YotiNotFoundError);
    expect(error).toBeInstanceOf(YotiError);
    expect(error).toMatchObject({ status: 404, code: "SESSION_NOT_FOUND" });
  });
});

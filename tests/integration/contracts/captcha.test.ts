// The reCAPTCHA Enterprise adapter against the simulator, over HTTP.
import { parseEnv } from "@/lib/env";
import { chooseCaptcha, captchaCspSources } from "@/lib/integrations/captcha";
import { createRecaptchaAdapter } from "@/lib/integrations/captcha/captcha-adapter";
import { BotCheckError } from "@/lib/integrations/captcha/errors";
import { startCaptchaSimulator } from "@/lib/integrations/captcha/simulator/server";

const keys = { siteKey: "site-key-1", apiKey: "api-key-1", projectId: "project-1" };
let sim: Awaited<ReturnType<typeof startCaptchaSimulator>>;
let check: ReturnType<typeof createRecaptchaAdapter>;

beforeAll(async () => {
  sim = await startCaptchaSimulator({ port: 0, ...keys });
  check = createRecaptchaAdapter({ apiBase: sim.apiBase, ...keys, minScore: 0.5 });
});
afterAll(() => sim.close());

/** A token as the page gets it: the simulator's script calls this endpoint from execute(). */
async function executeToken(action: string, siteKey = keys.siteKey) {
  const res = await fetch(`${sim.origin}/recaptcha/enterprise/token`, { method: "POST", headers: { "Content-Type": "text/plain" }, body: JSON.stringify({ siteKey, action }) });
  return { status: res.status, body: (await res.json()) as { token?: string; error?: string } };
}

describe("reCAPTCHA Enterprise adapter against the simulator", () => {
  it("passes a fresh token made for the expected action, once", async () => {
    const { body } = await executeToken("request_verification");
    const input = { token: body.token!, expectedAction: "request_verification", userIpAddress: "203.0.113.7", userAgent: "jest" };
    expect(await check.assess(input)).toEqual({ ok: true, reason: "ok", score: 0.9 });
    expect(await check.assess(input)).toEqual({ ok: false, reason: "invalid-token", invalidReason: "DUPE" });
  });

  it("fails a token made for another action", async () => {
    const { body } = await executeToken("send_link");
    expect(await check.assess({ token: body.token!, expectedAction: "request_verification" })).toEqual({ ok: false, reason: "action-mismatch", score: 0.9 });
  });

  it("fails a score under the threshold, and passes it when the threshold allows", async () => {
    expect(await check.assess({ token: sim.sim.issueToken({ action: "a", siteKey: keys.siteKey, score: 0.3 }), expectedAction: "a" })).toEqual({ ok: false, reason: "low-score", score: 0.3 });
    const lenient = createRecaptchaAdapter({ apiBase: sim.apiBase, ...keys, minScore: 0.3 });
    expect(await lenient.assess({ token: sim.sim.issueToken({ action: "a", siteKey: keys.siteKey, score: 0.3 }), expectedAction: "a" })).toMatchObject({ ok: true });
  });

  it("fails invalid tokens: forged, expired, for another site key, missing", async () => {
    const good = sim.sim.issueToken({ action: "a", siteKey: keys.siteKey });
    const forged = `${good.slice(0, -2)}${good.endsWith("AA") ? "BB" : "AA"}`;
    expect(await check.assess({ token: forged, expectedAction: "a" })).toEqual({ ok: false, reason: "invalid-token", invalidReason: "MALFORMED" });
    expect(await check.assess({ token: "garbage", expectedAction: "a" })).toMatchObject({ ok: false, invalidReason: "MALFORMED" });
    const old = sim.sim.issueToken({ action: "a", siteKey: keys.siteKey, issuedAt: Date.now() - 121_000 });
    expect(await check.assess({ token: old, expectedAction: "a" })).toMatchObject({ ok: false, invalidReason: "EXPIRED" });
    const other = sim.sim.issueToken({ action: "a", siteKey: "another-site" });
    expect(await check.assess({ token: other, expectedAction: "a" })).toMatchObject({ ok: false, invalidReason: "SITE_MISMATCH" });
    const before = sim.sim.stats.assessments;
    expect(await check.assess({ token: "  ", expectedAction: "a" })).toEqual({ ok: false, reason: "missing-token" });
    expect(sim.sim.stats.assessments).toBe(before);
  });

  it("answers test-pass and refuses test-fail, outside production", async () => {
    expect(await check.assess({ token: "test-pass", expectedAction: "new_enquiry" })).toEqual({ ok: true, reason: "ok", score: 0.9 });
    expect(await check.assess({ token: "test-pass", expectedAction: "new_enquiry" })).toMatchObject({ ok: true });
    expect(await check.assess({ token: "test-fail", expectedAction: "new_enquiry" })).toEqual({ ok: false, reason: "low-score", score: 0 });
    const strict = await startCaptchaSimulator({ port: 0, ...keys, testTokens: false });
    try {
      const c = createRecaptchaAdapter({ apiBase: strict.apiBase, ...keys, minScore: 0.5 });
      expect(await c.assess({ token: "test-pass", expectedAction: "new_enquiry" })).toMatchObject({ ok: false, invalidReason: "MALFORMED" });
    } finally {
      await strict.close();
    }
  });

  it("throws Google's error for a bad API key or project, as a non-retryable BotCheckError", async () => {
    const badKey = createRecaptchaAdapter({ apiBase: sim.apiBase, ...keys, apiKey: "wrong", minScore: 0.5 });
    const err = await badKey.assess({ token: "test-pass", expectedAction: "a" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BotCheckError);
    expect(err).toMatchObject({ status: 400, code: "INVALID_ARGUMENT", retryable: false, message: expect.stringContaining("API key not valid") });
    const raw = await fetch(`${sim.apiBase}/v1/projects/${keys.projectId}/assessments?key=wrong`, { method: "POST", body: "{}" });
    expect(await raw.json()).toEqual({ error: { code: 400, message: "API key not valid. Please pass a valid API key.", status: "INVALID_ARGUMENT" } });
    const badProject = createRecaptchaAdapter({ apiBase: sim.apiBase, ...keys, projectId: "someone-else", minScore: 0.5 });
    await expect(badProject.assess({ token: "test-pass", expectedAction: "a" })).rejects.toMatchObject({ status: 403, code: "PERMISSION_DENIED" });
    const down = createRecaptchaAdapter({ apiBase: "http://127.0.0.1:9", ...keys, minScore: 0.5 });
    await expect(down.assess({ token: "test-pass", expectedAction: "a" })).rejects.toMatchObject({ code: "NetworkError", retryable: true });
  });

  it("serves the browser script, which refuses another site key and bad action names", async () => {
    const script = await fetch(`${sim.scriptUrl}?render=${keys.siteKey}&hl=en-GB`);
    expect(script.headers.get("content-type")).toMatch(/javascript/);
    const text = await script.text();
    expect(text).toContain("grecaptcha");
    expect(text).toContain(`"${sim.origin}"`);
    expect((await executeToken("a", "not-the-site-key")).status).toBe(400);
    expect((await executeToken("bad action!")).status).toBe(400);
  });

  it("is chosen from the configuration, refuses to guess when unconfigured, and tells the CSP its origins", () => {
    expect(() => chooseCaptcha(parseEnv({}))).toThrow(/bot check is not configured/);
    const env = parseEnv({ RECAPTCHA_SITE_KEY: "s", RECAPTCHA_API_KEY: "k", RECAPTCHA_PROJECT_ID: "p", RECAPTCHA_API_BASE: sim.apiBase, RECAPTCHA_SCRIPT_URL: sim.scriptUrl });
    expect(chooseCaptcha(env)).toHaveProperty("assess");
    expect(captchaCspSources(env)).toEqual({ script: [sim.origin], frame: [sim.origin], connect: [sim.origin] });
    expect(captchaCspSources(parseEnv({ RECAPTCHA_SITE_KEY: "s", RECAPTCHA_API_KEY: "k", RECAPTCHA_PROJECT_ID: "p" })).script).toEqual(["https://www.google.com", "https://www.gstatic.com"]);
    expect(captchaCspSources(parseEnv({}))).toEqual({ script: [], frame: [], connect: [] });
  });
});

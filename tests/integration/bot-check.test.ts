// The bot check on the public forms' JSON routes: a token is assessed by the reCAPTCHA simulator
// (tests/setup/integration-captcha.ts) through the portal's real adapter.
import net, { type AddressInfo } from "node:net";
import { eq, like, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { enquiries, rateLimits, securityEvents, signInTokens } from "@/db/schema";
import { POST as newEnquiry } from "@/app/api/new-enquiry/route";
import { POST as sendLink } from "@/app/api/send-link/route";
import { POST as lwdbRecord } from "@/app/api/lwdb-record/route";
import { POST as requestVerification } from "@/app/api/requests/identity-verification/route";
import { botCheckLogSampling } from "@/lib/server/bot-check/assert-human";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { resetEnvCache } from "@/lib/env";
import { human, jsonRequest } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";
import { captureLogs, type CapturedLogs } from "@/lib/log/capture";

setupTestDb({ env: { SEND_LINK_MIN_MS: "0" } });

const FAILED = { error: "bad_request", message: "Verification failed. Please try again." };

/** A token as the page's execute() gets it from the simulator, for `action`. */
async function pageToken(action: string): Promise<string> {
  const res = await fetch(`${process.env.RECAPTCHA_API_BASE}/recaptcha/enterprise/token`, {
    method: "POST",
    headers: { "Content-Type": "text/plain" },
    body: JSON.stringify({ siteKey: process.env.RECAPTCHA_SITE_KEY, action }),
  });
  return ((await res.json()) as { token: string }).token;
}

let n = 0;
function caller() {
  n += 1;
  return { ip: `198.18.7.${n}`, tag: `bot-check-${Date.now()}-${n}` };
}

/** Everything a send-link or enquiry request from `ip` could leave behind. */
async function tracesOf(ip: string, tag: string) {
  const db = await getDb();
  const [stored] = await db.select({ count: sql<number>`count(*)::int` }).from(enquiries).where(like(enquiries.description, `%${tag}%`));
  const events = await db.select().from(securityEvents).where(eq(securityEvents.ip, ip));
  const limits = await db.select().from(rateLimits).where(like(rateLimits.key, `%${ip}%`));
  return { enquiries: stored!.count, securityEvents: events.length, rateLimits: limits.length };
}

const nothing = { enquiries: 0, securityEvents: 0, rateLimits: 0 };

// Each refusal is logged with its reason (for the operators), not stored.
let logs: CapturedLogs;
beforeEach(() => {
  logs = captureLogs();
  botCheckLogSampling.refused.reset();
  botCheckLogSampling.unassessed.reset();
});
afterEach(() => logs.restore());

function enquiry(tag: string, extra: Record<string, unknown>) {
  return { name: "Priya Shah", email: "priya@example.com", description: `Hello ${tag}`, ...extra };
}
function linkRequest(extra: Record<string, unknown>) {
  return { email: "olivia.bennett@hartwell-holdings.example", reference: "HWH7K2QP", ...extra };
}

describe("bot check on POST /api/new-enquiry and POST /api/send-link", () => {
  it.each([
    ["no token", {}],
    ["an empty token", { captchaToken: "" }],
    ["test-fail (a bot's score)", { captchaToken: "test-fail" }],
    ["a malformed token", { captchaToken: "not-a-token" }],
  ])("refuses an enquiry with %s: 400 'Verification failed', nothing stored or counted", async (_label, extra) => {
    const { ip, tag } = caller();
    const res = await newEnquiry(jsonRequest("/api/new-enquiry", enquiry(tag, extra), { headers: { [CLIENT_ADDRESS_HEADER]: ip } }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(FAILED);
    expect(await tracesOf(ip, tag)).toEqual(nothing);
  });

  it("refuses a sign-in link request that fails the check: no link, no security event, no count", async () => {
    const { ip, tag } = caller();
    const db = await getDb();
    const tokens = async () => (await db.select({ count: sql<number>`count(*)::int` }).from(signInTokens))[0]!.count;
    const before = await tokens();
    const res = await sendLink(jsonRequest("/api/send-link", linkRequest({ captchaToken: "test-fail" }), { headers: { [CLIENT_ADDRESS_HEADER]: ip } }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(FAILED);
    expect(await tokens()).toBe(before);
    expect(await tracesOf(ip, tag)).toEqual(nothing);
  });

  it("accepts a page's token made for the form's own action, once; a token for another form fails", async () => {
    const { ip, tag } = caller();
    const headers = { [CLIENT_ADDRESS_HEADER]: ip };
    const forLink = await pageToken("send_link");
    const wrongForm = await newEnquiry(jsonRequest("/api/new-enquiry", enquiry(tag, { captchaToken: forLink }), { headers }));
    expect(wrongForm.status).toBe(400);
    expect(logs.messages("warn")).toContain("[bot check] new_enquiry refused: action-mismatch score 0.9");
    expect(await tracesOf(ip, tag)).toEqual(nothing);

    const token = await pageToken("new_enquiry");
    expect((await newEnquiry(jsonRequest("/api/new-enquiry", enquiry(tag, { captchaToken: token }), { headers }))).status).toBe(201);
    botCheckLogSampling.refused.reset(); // refusal lines are sampled, one a second
    const replay = await newEnquiry(jsonRequest("/api/new-enquiry", enquiry(tag, { captchaToken: token }), { headers }));
    expect(replay.status).toBe(400);
    expect(logs.messages("warn").at(-1)).toBe("[bot check] new_enquiry refused: invalid-token (DUPE)");
    expect((await tracesOf(ip, tag)).enquiries).toBe(1);

    expect((await sendLink(jsonRequest("/api/send-link", linkRequest({ captchaToken: await pageToken("send_link") }), { headers }))).status).toBe(200);
  });

  it("refuses when the assessment cannot be made (the service is down), storing nothing", async () => {
    const { ip, tag } = caller();
    const saved = process.env.RECAPTCHA_API_BASE;
    // A port nothing listens on.
    const closed = await new Promise<number>((resolve) => {
      const s = net.createServer();
      s.listen(0, "127.0.0.1", () => {
        const { port } = s.address() as AddressInfo;
        s.close(() => resolve(port));
      });
    });
    process.env.RECAPTCHA_API_BASE = `http://127.0.0.1:${closed}`;
    resetEnvCache();
    try {
      const res = await newEnquiry(jsonRequest("/api/new-enquiry", enquiry(tag, human), { headers: { [CLIENT_ADDRESS_HEADER]: ip } }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(FAILED);
      expect(await tracesOf(ip, tag)).toEqual(nothing);
      expect(logs.messages("error")).toContainEqual(expect.stringContaining("the assessment could not be made"));
    } finally {
      process.env.RECAPTCHA_API_BASE = saved;
      resetEnvCache();
    }
  });

  it("passes test-pass outside production, so scripts and tests can call the API", async () => {
    const { ip, tag } = caller();
    expect((await newEnquiry(jsonRequest("/api/new-enquiry", enquiry(tag, human), { headers: { [CLIENT_ADDRESS_HEADER]: ip } }))).status).toBe(201);
  });
});

describe("the bot check runs first", () => {
  const headers = () => ({ [CLIENT_ADDRESS_HEADER]: caller().ip });

  it.each([
    ["an enquiry", () => newEnquiry(jsonRequest("/api/new-enquiry", { email: "not an email", description: 42 }, { headers: headers() }))],
    ["a sign-in link request", () => sendLink(jsonRequest("/api/send-link", { email: "x", reference: "\u0000" }, { headers: headers() }))],
    ["a verification request", () => requestVerification(jsonRequest("/api/requests/identity-verification", { journey: "Nope", individuals: "all" }, { headers: headers() }))],
    ["a customer look-up (bad query too)", () => lwdbRecord(jsonRequest("/api/lwdb-record?name=", { extra: true }, { headers: headers() }))],
  ])("%s with an invalid body and no token: 'Verification failed', no field errors", async (_label, call) => {
    const res = await call();
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(FAILED);
  });

  it("a refused token is refused the same whatever the body, even one that is not an object", async () => {
    for (const body of [[], JSON.stringify("text"), 5, null, { captchaToken: 12 }, { captchaToken: "test-fail", email: 1 }]) {
      const res = await newEnquiry(jsonRequest("/api/new-enquiry", body, { headers: headers() }));
      expect([body, res.status, await res.json()]).toEqual([body, 400, FAILED]);
    }
  });

  it("a passing token with an invalid body: the body's field errors", async () => {
    const res = await newEnquiry(jsonRequest("/api/new-enquiry", { ...human, email: "not an email" }, { headers: headers() }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe("bad_request");
    expect(Object.keys(body.fields)).toEqual(expect.arrayContaining(["email"]));
  });

  it("the refusal line is sampled: one a second, the next saying how many were held back", async () => {
    let now = Date.parse("2026-01-01T00:00:00Z");
    const clock = jest.spyOn(Date, "now").mockImplementation(() => now);
    try {
      for (let i = 0; i < 20; i++) expect((await newEnquiry(jsonRequest("/api/new-enquiry", enquiry("x", { captchaToken: "test-fail" }), { headers: headers() }))).status).toBe(400);
      const lines = () => logs.messages("warn").filter((l) => l.startsWith("[bot check] new_enquiry refused"));
      expect(lines()).toHaveLength(1);
      now += 1000;
      await newEnquiry(jsonRequest("/api/new-enquiry", enquiry("x", { captchaToken: "test-fail" }), { headers: headers() }));
      expect(lines()).toHaveLength(2);
      expect(lines()[1]).toMatch(/ \(19 more since the last line\)$/);
    } finally {
      clock.mockRestore();
    }
  });
});

import { spawnSync } from "node:child_process";
import fc from "fast-check";
import { parseEnv } from "../env";
import { captureLogs, type CapturedLogs } from "./capture";
import { log, setLogContext, withLogContext, callerFields } from "./index";
import { logLevelFrom } from "./level";
import { EMAIL_IN_JSON_PATTERN, EMAIL_MASK, EMAIL_PATTERN, REDACTED, isRedactedKey, maskLine, maskText } from "./redact";
import { prettyPrinting } from "./index";

let logs: CapturedLogs;
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

/** Secrets, each under the name it travels with, and a value that must never reach a line. */
const SECRETS: Record<string, string> = {
  cookie: "dvp_session=cookie-value-1f2e3d",
  "set-cookie": "dvp_session=set-cookie-value-9a8b; HttpOnly",
  authorization: "Bearer authz-bearer-value-77aa",
  "proxy-authorization": "Basic cHJveHktYXV0aC12YWx1ZQ==",
  token: "sign-in-token-value-5c5c",
  accessToken: "oauth-access-token-value-6d6d",
  refresh_token: "sage-refresh-token-value-7e7e",
  captchaToken: "captcha-token-value-8f8f",
  sessionToken: "yoti-session-token-value-9090",
  client_session_token: "yoti-client-session-token-a1a1",
  password: "hunter2-password-value",
  clientSecret: "oidc-client-secret-value-b2b2",
  STRIPE_WEBHOOK_SECRET: "whsec_stripe-webhook-secret-c3c3",
  "api-key": "admin-api-key-value-d4d4d4d4d4d4d4d4",
  apiKey: "recaptcha-api-key-value-e5e5",
  STRIPE_SECRET_KEY: "sk_test_stripe-secret-key-f6f6",
  "stripe-signature": "t=1700000000,v1=stripe-signature-value-0707",
  "x-yoti-signature": "yoti-signature-value-1818",
  personalCode: "PERSCODE123",
  companiesHouseCode: "CHCODE45678",
  email: "priya.shah@example.com",
  contactEmail: "contact.person@example.co.uk",
};

const written = () => logs.lines.join("");

describe("redaction", () => {
  it.each(Object.entries(SECRETS))("%s: its value never reaches a line, at the top, nested, in headers or in an array", (key, value) => {
    log.info({ [key]: value }, "top level");
    log.warn({ request: { headers: { [key]: value } } }, "nested in headers");
    log.error({ attempts: [{ [key]: value }] }, "in an array");
    log.info({ deep: { a: { b: { c: { [key]: value } } } } }, "deep");
    expect(logs.lines).toHaveLength(4);
    expect(written()).not.toContain(value);
    expect(logs.records()[0]![key]).toBe(REDACTED);
  });

  it("masks email addresses in the message, in formatted arguments, in any string field and in errors", () => {
    log.info("sent the invitation to priya.shah@example.com");
    log.info("sent %s to %s", "a reminder", "o'brien+tag@sub.example.org");
    log.info({ note: "from bob@example.com via the form", nested: { list: ["eve@example.net"] } }, "fields");
    log.error({ err: new Error('duplicate key value violates unique constraint: Key (email)=(dup@example.com) already exists') }, "insert failed");
    log.warn(new Error("no account for carol@example.com"));
    const out = written();
    for (const address of ["priya.shah@example.com", "o'brien+tag@sub.example.org", "bob@example.com", "eve@example.net", "dup@example.com", "carol@example.com"]) {
      expect(out).not.toContain(address);
    }
    expect(out).not.toMatch(/@example\./);
    expect(logs.messages()[0]).toBe(`sent the invitation to ${EMAIL_MASK}`);
    expect((logs.records()[3]!.err as { message: string }).message).toContain(EMAIL_MASK);
  });

  it("masks bearer and basic credentials and JSON Web Tokens inside free text", () => {
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJlLXZhbHVl";
    log.info(`upstream answered 401 to "Authorization: Bearer upstream-bearer-xyz" with ${jwt}`);
    log.info({ detail: "header was Basic dXNlcjpwYXNzd29yZA==" }, "refused");
    const out = written();
    for (const secret of ["upstream-bearer-xyz", jwt, "dXNlcjpwYXNzd29yZA=="]) expect(out).not.toContain(secret);
  });

  it("masks a failed query's parameters, in the error, its message and the line's message, keeping the statement", () => {
    const err = Object.assign(new Error("Failed query: insert into directors (name, address) values ($1, $2)\nparams: Priya Shah,12 High Street"), {
      query: "insert into directors (name, address) values ($1, $2)",
      params: ["Priya Shah", "12 High Street"],
    });
    log.warn({ err }, `[jobs] attempt 1 failed: ${err.message}`);
    log.error(err);
    log.error({ err });
    const out = written();
    expect(out).not.toContain("Priya Shah");
    expect(out).not.toContain("12 High Street");
    expect(out).toContain("insert into directors (name, address) values ($1, $2)");
    expect((logs.records()[0]!.err as { params: unknown }).params).toBe(REDACTED);
    // Without a message of its own, a line takes the error's, masked.
    expect(logs.messages()[1]).toMatch(/^Failed query: insert into directors .*\nparams: \[redacted\]$/s);
  });

  it("the last net over the finished line keeps it JSON, even for an address just after an escape", () => {
    const raw = 'to:\nbob@example.com, \u001bcarol@example.org, "eve@example.net", \\dan@example.com';
    const masked = maskLine(JSON.stringify({ msg: raw }));
    const parsed = JSON.parse(masked) as { msg: string };
    expect(parsed.msg).not.toMatch(/(bob|carol|eve)@example/);
    expect(parsed.msg.startsWith(`to:\n${EMAIL_MASK}`)).toBe(true);
  });

  it("masks exactly what every pattern run over the whole text would: the quick checks skip nothing", () => {
    // The four scans, each over every text (what maskText and maskLine did before their quick checks).
    const everyScan = (text: string, email = EMAIL_PATTERN) =>
      text
        .replace(email, EMAIL_MASK)
        .replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`)
        .replace(/\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, REDACTED)
        .replace(/(\bparams: )[^\n]*/g, `$1${REDACTED}`);
    const pieces = fc.constantFrom("a", "B", " ", "@", ".", "-", "\n", "bEaReR ", "Basic ", "eyJ", "abcd", "params: ", "x@y.io", "eyJhbGci.eyJzdWIi.sig", "Bearer tok.en");
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 24 }), (parts) => {
        const text = parts.join("");
        expect(maskText(text)).toBe(everyScan(text));
        const line = JSON.stringify({ msg: text.replace(/params: /g, "") });
        expect(maskLine(line)).toBe(everyScan(line, EMAIL_IN_JSON_PATTERN));
      }),
      { numRuns: 2_000 },
    );
  });

  it("survives cycles, Maps, Headers and byte arrays, and leaves the logged object untouched", () => {
    const fields: Record<string, unknown> = { id: 7, headers: new Headers({ cookie: SECRETS.cookie!, accept: "text/html" }), map: new Map([["password", "map-password-value"]]), bytes: new Uint8Array(4) };
    fields.self = fields;
    log.info(fields, "odd shapes");
    const [record] = logs.records();
    expect(record).toMatchObject({ id: 7, headers: { cookie: REDACTED, accept: "text/html" }, map: { password: REDACTED }, bytes: "[4 bytes]" });
    expect(logs.lines[0]).toContain('"self":"[circular]"');
    expect(written()).not.toContain("map-password-value");
    expect((fields.headers as Headers).get("cookie")).toBe(SECRETS.cookie);
  });

  it("keeps what is not secret: ids, statuses, durations, job names", () => {
    log.info({ clientId: 12, status: 200, durationMs: 3.2, jobName: "send-invitation", route: "/api/admin/x" }, "kept");
    expect(logs.records()[0]).toMatchObject({ clientId: 12, status: 200, durationMs: 3.2, jobName: "send-invitation", route: "/api/admin/x", msg: "kept" });
  });

  it("names the keys it redacts by fragment, whatever their case or separators", () => {
    for (const key of ["Cookie", "X-API-KEY", "x_api_key", "idToken", "PERSONAL_CODE", "Stripe-Signature", "newEmail"]) expect(isRedactedKey(key)).toBe(true);
    for (const key of ["id", "status", "route", "message", "code", "kind"]) expect(isRedactedKey(key)).toBe(false);
    expect(maskText("nothing to hide here")).toBe("nothing to hide here");
  });
});

describe("lines", () => {
  it("are JSON with level, time, message and the context of the request or job in progress", async () => {
    await withLogContext({ requestId: "req-1" }, async () => {
      await Promise.resolve();
      setLogContext(callerFields({ type: "Admin", email: "admin@example.com", userId: 5, via: "session" }));
      log.info("inside");
    });
    withLogContext({ jobName: "send-reminders", jobId: "job-9" }, () => log.warn("in a job"));
    log.info("outside");
    const [inside, job, outside] = logs.records();
    expect(inside).toMatchObject({ level: "info", requestId: "req-1", userId: "admin:5", role: "Admin", msg: "inside" });
    expect(new Date(inside!.time).toISOString()).toBe(inside!.time);
    expect(job).toMatchObject({ level: "warn", jobName: "send-reminders", jobId: "job-9" });
    expect(outside).not.toHaveProperty("requestId");
    expect(written()).not.toContain("admin@example.com");
  });

  it("name the caller by id and role, never by email", () => {
    expect(callerFields({ type: "DV_Director", directorId: 3, clientId: 2 })).toEqual({ role: "DV_Director", userId: "director:3" });
    expect(callerFields({ type: "DV_CompanyContact", clientId: 2 })).toEqual({ role: "DV_CompanyContact", userId: "client:2" });
    expect(callerFields({ type: "Admin", via: "api-key" })).toEqual({ role: "Admin", userId: "api-key" });
  });
});

describe("settings", () => {
  it("LOG_LEVEL: any case; unknown or unset is info", () => {
    expect(logLevelFrom("DEBUG")).toBe("debug");
    expect(logLevelFrom(" warn ")).toBe("warn");
    expect(logLevelFrom("verbose")).toBe("info");
    expect(logLevelFrom(undefined)).toBe("info");
  });

  it("LOG_LEVEL: the configuration check refuses a misspelt level, naming it", () => {
    expect(parseEnv({ LOG_LEVEL: "Debug" }).LOG_LEVEL).toBe("debug");
    expect(parseEnv({}).LOG_LEVEL).toBe("info");
    expect(() => parseEnv({ LOG_LEVEL: "verbose" })).toThrow(/LOG_LEVEL/);
  });

  it("pretty output only for development on a terminal, never in tests or production", () => {
    expect(prettyPrinting({ APP_ENV: "development", NODE_ENV: "development" }, true)).toBe(true);
    expect(prettyPrinting({ NODE_ENV: "development" }, true)).toBe(true);
    expect(prettyPrinting({ APP_ENV: "development", NODE_ENV: "development" }, false)).toBe(false);
    expect(prettyPrinting({ APP_ENV: "production", NODE_ENV: "production" }, true)).toBe(false);
    expect(prettyPrinting({ NODE_ENV: "production" }, true)).toBe(false);
    expect(prettyPrinting({ APP_ENV: "development", NODE_ENV: "test" }, true)).toBe(false);
  });
});

describe("standard output", () => {
  // A process of its own: the lines of one turn go out together, and none is lost at exit.
  const run = (code: string) => {
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { cwd: process.cwd(), encoding: "utf8", env: { ...process.env, LOG_LEVEL: "info", APP_ENV: "production" } });
    expect(child.stderr).toBe("");
    expect(child.status).toBe(3);
    return child.stdout;
  };

  it("writes every line, in order, including those written just before process.exit", () => {
    const out = run(`const { log } = await import("./lib/log/index.ts");
for (let i = 0; i < 500; i++) log.info({ i }, "line " + i);
setImmediate(() => { log.info("after a turn"); log.warn("last, then exit"); process.exit(3); });`);
    const lines = out.trim().split("\n").map((l) => JSON.parse(l) as { msg: string });
    expect(lines.map((l) => l.msg)).toEqual([...Array.from({ length: 500 }, (_, i) => `line ${i}`), "after a turn", "last, then exit"]);
  });
});


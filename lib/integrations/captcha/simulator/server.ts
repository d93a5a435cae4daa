import { readBody, sendJson as json, serveSimulator } from "../../simulator-http";
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { RECAPTCHA_TEST_TOKENS } from "../dev-credentials";
import { simulatorScript } from "./script";

/**
 * A local stand-in for reCAPTCHA Enterprise:
 * - `GET /recaptcha/enterprise.js?render=<siteKey>&hl=<lang>`: the browser script (./script.ts).
 * - `POST /recaptcha/enterprise/token`: what that script's execute() calls; answers a token that
 *   carries the action, the site key and the time, HMAC-signed with a key of this process.
 * - `POST /v1/projects/<project>/assessments?key=<apiKey>`: Google's assessment API. Tokens are
 *   single-use and expire after two minutes, like Google's; a wrong API key or project gets
 *   Google's error JSON `{ error: { code, message, status } }`.
 * Outside production it also answers the fixed token `test-pass` (valid, score 0.9, for the action
 * asked) and `test-fail` (valid, score 0.0), so that scripts and tests can call the API.
 */
export interface CaptchaSimulatorOptions {
  siteKey: string;
  apiKey: string;
  projectId: string;
  /** Accept `test-pass` / `test-fail` (default true; the simulator never runs in production). */
  testTokens?: boolean;
  /** Score given to tokens from execute() (default 0.9). */
  score?: number;
}

const TOKEN_LIFETIME_MS = 2 * 60_000;
const ACTION = /^[A-Za-z0-9_/]{1,100}$/;

function googleError(res: ServerResponse, code: number, status: string, message: string) {
  json(res, code, { error: { code, message, status } });
}

interface Claims {
  /** action */
  a: string;
  /** site key */
  k: string;
  /** issued at, ms */
  t: number;
  /** score */
  s: number;
  n: string;
}

export function createCaptchaSimulator(options: CaptchaSimulatorOptions) {
  const key = crypto.randomBytes(32);
  const used = new Set<string>();
  const testTokens = options.testTokens ?? true;
  const sign = (payload: string) => crypto.createHmac("sha256", key).update(payload).digest("base64url");
  const stats = { assessments: 0 };

  function issueToken(claims: { action: string; siteKey: string; score?: number; issuedAt?: number }): string {
    const body: Claims = { a: claims.action, k: claims.siteKey, t: claims.issuedAt ?? Date.now(), s: claims.score ?? options.score ?? 0.9, n: crypto.randomBytes(9).toString("base64url") };
    const payload = Buffer.from(JSON.stringify(body)).toString("base64url");
    return `sim1.${payload}.${sign(payload)}`;
  }

  function readToken(token: string): Claims | undefined {
    const [version, payload, mac] = token.split(".");
    if (version !== "sim1" || !payload || !mac) return undefined;
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
    try {
      return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Claims;
    } catch {
      return undefined;
    }
  }

  /** What Google says about a token: its validity, action and score. */
  function judge(token: string, siteKey: string, expectedAction: string | undefined) {
    if (testTokens && token === RECAPTCHA_TEST_TOKENS.pass) return { valid: true, invalidReason: "INVALID_REASON_UNSPECIFIED", action: expectedAction ?? "", score: 0.9, reasons: [] as string[] };
    if (testTokens && token === RECAPTCHA_TEST_TOKENS.fail) return { valid: true, invalidReason: "INVALID_REASON_UNSPECIFIED", action: expectedAction ?? "", score: 0, reasons: ["AUTOMATION"] };
    const claims = readToken(token);
    const invalid = (invalidReason: string) => ({ valid: false, invalidReason, action: "", score: 0, reasons: [] as string[] });
    if (!claims) return invalid("MALFORMED");
    if (claims.k !== siteKey) return invalid("SITE_MISMATCH");
    if (Date.now() - claims.t > TOKEN_LIFETIME_MS) return invalid("EXPIRED");
    if (used.has(token)) return invalid("DUPE");
    used.add(token);
    return { valid: true, invalidReason: "INVALID_REASON_UNSPECIFIED", action: claims.a, score: claims.s, reasons: claims.s < 0.5 ? ["AUTOMATION"] : [] };
  }

  async function assessment(req: IncomingMessage, res: ServerResponse, url: URL, project: string) {
    stats.assessments++;
    if (url.searchParams.get("key") !== options.apiKey) {
      return googleError(res, 400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.");
    }
    if (project !== options.projectId) {
      return googleError(res, 403, "PERMISSION_DENIED", `Permission denied on resource project ${project}.`);
    }
    let event: Record<string, unknown> | undefined;
    try {
      event = (JSON.parse(await readBody(req)) as { event?: Record<string, unknown> }).event;
    } catch {
      return googleError(res, 400, "INVALID_ARGUMENT", "Invalid JSON payload received.");
    }
    if (!event || typeof event.token !== "string" || !event.token || typeof event.siteKey !== "string" || !event.siteKey) {
      return googleError(res, 400, "INVALID_ARGUMENT", "Request contains an invalid argument.");
    }
    if (event.siteKey !== options.siteKey) {
      return googleError(res, 400, "INVALID_ARGUMENT", "Request contains an invalid argument.");
    }
    const expectedAction = typeof event.expectedAction === "string" ? event.expectedAction : undefined;
    const verdict = judge(event.token, event.siteKey, expectedAction);
    const now = new Date().toISOString();
    json(res, 200, {
      name: `projects/${project}/assessments/${crypto.randomBytes(8).toString("hex")}`,
      event: { token: event.token, siteKey: event.siteKey, userAgent: event.userAgent ?? "", userIpAddress: event.userIpAddress ?? "", expectedAction: expectedAction ?? "", hashedAccountId: "" },
      riskAnalysis: { score: verdict.valid ? verdict.score : 0, reasons: verdict.reasons, extendedVerdictReasons: [] },
      tokenProperties: { valid: verdict.valid, invalidReason: verdict.invalidReason, hostname: verdict.valid ? "localhost" : "", androidPackageName: "", iosBundleId: "", action: verdict.action, createTime: now },
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://simulator.local");
    const p = url.pathname;
    const cors = { "Access-Control-Allow-Origin": "*" };
    if (p === "/_simulator/health") return json(res, 200, { ok: true });
    if (p === "/recaptcha/enterprise.js" && req.method === "GET") {
      res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store", ...cors });
      return res.end(simulatorScript(`http://${req.headers.host ?? "127.0.0.1"}`, url.searchParams.get("onload") ?? undefined));
    }
    if (p === "/recaptcha/enterprise/token") {
      if (req.method === "OPTIONS") {
        res.writeHead(204, { ...cors, "Access-Control-Allow-Methods": "POST", "Access-Control-Allow-Headers": "Content-Type" });
        return res.end();
      }
      if (req.method !== "POST") return json(res, 405, { error: "method not allowed" }, cors);
      let body: { siteKey?: unknown; action?: unknown } = {};
      try {
        body = JSON.parse(await readBody(req)) as typeof body;
      } catch {
        return json(res, 400, { error: "invalid request" }, cors);
      }
      if (body.siteKey !== options.siteKey) return json(res, 400, { error: "Invalid site key or not loaded in api.js" }, cors);
      if (typeof body.action !== "string" || !ACTION.test(body.action)) return json(res, 400, { error: "Invalid action name: use letters, digits, slashes and underscores" }, cors);
      return json(res, 200, { token: issueToken({ action: body.action, siteKey: body.siteKey }) }, cors);
    }
    const m = /^\/v1\/projects\/([^/]+)\/assessments$/.exec(p);
    if (m && req.method === "POST") return assessment(req, res, url, decodeURIComponent(m[1]!));
    googleError(res, 404, "NOT_FOUND", "The requested URL was not found on this server.");
  }

  return {
    handle(req: IncomingMessage, res: ServerResponse) {
      handle(req, res).catch((err: Error) => {
        if (!res.headersSent) googleError(res, 500, "INTERNAL", err.message);
      });
    },
    /** A token as execute() would give it (tests: choose the score or the time it was made). */
    issueToken,
    stats,
  };
}

/** Starts the simulator on `port` (0 = any free port) of the loopback interface. */
export async function startCaptchaSimulator(options: CaptchaSimulatorOptions & { port?: number; host?: string }) {
  const served = await serveSimulator(createCaptchaSimulator(options), options.port, options.host);
  return { ...served, apiBase: served.origin, scriptUrl: `${served.origin}/recaptcha/enterprise.js` };
}

import { NextRequest } from "next/server";
import { z } from "zod";
import { getDb } from "@/db";
import { seedDemo } from "@/db/seed/demo";
import { POST as searchPost } from "@/app/api/admin/director-verification/clients/search/route";
import { GET as enterGet } from "@/app/api/enter/[token]/route";
import { GET as healthGet } from "@/app/api/admin/health/route";
import { GET as optionsGet } from "@/app/api/options/route";
import { resetEnvCache } from "@/lib/env";
import { route } from "@/lib/route";
import { AppError } from "@/lib/server/app-error";
import { proxy } from "@/proxy";
import { captureLogs, type CapturedLogs } from "@/lib/log/capture";

const ORIGIN = "http://localhost:3000";
const ADMIN = { "test-user": "Admin:admin@portal.example" };
const CONTACT = { "test-user": "DV_CompanyContact:olivia.bennett@hartwell-holdings.example:HWH7K2QP" };
const API_KEY = "route-wrapper-api-key-0123456789abcdef";

function request(path: string, init: { method?: string; headers?: Record<string, string>; body?: BodyInit | ReadableStream } = {}) {
  return new Request(`${ORIGIN}${path}`, { method: init.method ?? "GET", headers: { "user-agent": "jest", ...init.headers }, body: init.body, duplex: "half" } as RequestInit);
}
const params = (p: Record<string, string | string[]>) => ({ params: Promise.resolve(p) });

let logs: CapturedLogs;

beforeAll(async () => {
  process.env.TEST_USER_HEADER_ENABLED = "true";
  process.env.ADMIN_API_KEY = API_KEY;
  resetEnvCache();
  await seedDemo(await getDb());
});

beforeEach(() => {
  logs = captureLogs();
});

afterEach(() => logs.restore());

afterAll(() => {
  delete process.env.TEST_USER_HEADER_ENABLED;
  delete process.env.ADMIN_API_KEY;
  resetEnvCache();
});

describe("route(): guards", () => {
  const whoAmI = route({ auth: "admin-api", action: "admin.clients.read" }, ({ user }) => ({ email: user.email, via: user.via }));
  const ownCompany = route({ auth: "user", action: "company.read" }, ({ user }) => ({ type: user.type }));

  it("answers 401 without a session and 403 for a role without the action, as the guards do", async () => {
    expect((await whoAmI(request("/x"))).status).toBe(401);
    const denied = await whoAmI(request("/x", { headers: CONTACT }));
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ error: "forbidden", message: "You are not allowed to access this page." });
    expect((await ownCompany(request("/x", { headers: ADMIN }))).status).toBe(403);
    expect((await ownCompany(request("/x"))).status).toBe(401);
  });

  it("hands the handler the user, and sends returned data as JSON that is never cached", async () => {
    const res = await whoAmI(request("/x", { headers: ADMIN }));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ email: "admin@portal.example", via: "test-user" });
    expect(await (await ownCompany(request("/x", { headers: CONTACT }))).json()).toEqual({ type: "DV_CompanyContact" });
  });

  it("admin-api takes the api-key; a wrong key is a 401, never a fallback to the session", async () => {
    expect(await (await whoAmI(request("/x", { headers: { "api-key": API_KEY } }))).json()).toEqual({ email: "api-key", via: "api-key" });
    expect((await whoAmI(request("/x", { headers: { "api-key": "wrong", ...ADMIN } }))).status).toBe(401);
  });
});

describe("route(): origin check", () => {
  const change = route({ auth: "admin-api", action: "admin.notifications" }, () => ({ changed: true }));

  it("refuses a cross-site state-changing request before looking at the session", async () => {
    for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }] as Record<string, string>[]) {
      const res = await change(request("/x", { method: "POST", headers: { ...ADMIN, ...headers } }));
      expect(res.status).toBe(403);
      expect((await res.json()).error).toBe("forbidden");
      // Without a session the guard would say 401: the origin check came first.
      expect((await change(request("/x", { method: "POST", headers }))).status).toBe(403);
    }
  });

  it("lets same-origin and machine calls through, and never checks reads", async () => {
    expect((await change(request("/x", { method: "POST", headers: { ...ADMIN, origin: ORIGIN, "sec-fetch-site": "same-origin" } }))).status).toBe(200);
    expect((await change(request("/x", { method: "PATCH", headers: { "api-key": API_KEY } }))).status).toBe(200);
    expect((await change(request("/x", { headers: { ...ADMIN, origin: "https://evil.example" } }))).status).toBe(200);
    const read = route({ auth: "admin-api", action: "admin.clients.read", sameOrigin: false }, () => ({ ok: true }));
    expect((await read(request("/x", { method: "POST", headers: { ...ADMIN, origin: "https://evil.example" } }))).status).toBe(200);
  });
});

describe("route(): path segments", () => {
  const byId = route({ auth: "public", db: false, params: { id: "int", token: "string" } }, ({ params: p }) => ({ id: p.id, token: p.token }));

  it("reads int ids and strings", async () => {
    expect(await (await byId(request("/x"), params({ id: "2147483647", token: "a b" }))).json()).toEqual({ id: 2_147_483_647, token: "a b" });
  });

  it.each(["abc", "0", "01", "-1", "1.5", "2147483648", "%ff", ""])("answers 404 for the id %j", async (id) => {
    const res = await byId(request("/x"), params({ id, token: "t" }));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "not_found", message: "Not found." });
  });

  it("answers 404 for a segment with control characters or a lone surrogate, or a missing one", async () => {
    for (const token of ["a\u0000b", "line\nbreak", "\ud800"]) expect((await byId(request("/x"), params({ id: "1", token }))).status).toBe(404);
    expect((await byId(request("/x"), params({ id: "1" }))).status).toBe(404);
    expect((await byId(request("/x"))).status).toBe(404);
  });
});

describe("route(): query and body", () => {
  const schema = z.strictObject({ name: z.string().min(2, "tooShort"), age: z.number().int("notInt") });
  const create = route({ auth: "public", db: false, body: schema, maxBytes: 1024 }, ({ body }) => body);
  const list = route({ auth: "public", db: false, query: z.object({ page: z.coerce.number().int().min(1, "invalid") }) }, ({ query }) => query);
  const post = (body: BodyInit | ReadableStream, headers: Record<string, string> = {}) => create(request("/x", { method: "POST", body, headers: { "content-type": "application/json", ...headers } }));

  it("parses the body with its schema", async () => {
    expect(await (await post('{"name":"Al","age":3}')).json()).toEqual({ name: "Al", age: 3 });
  });

  it("answers 400 naming every field's errors", async () => {
    const res = await post('{"name":"A","age":1.5,"extra":true}');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ error: "bad_request", message: "Some fields are not valid." });
    expect(body.fields.name).toEqual(["tooShort"]);
    expect(body.fields.age).toEqual(["notInt"]);
    expect(Object.keys(body.fields).sort()).toEqual(["_", "age", "name"]);
  });

  it("answers 400 for a body that is not JSON or is too large, declared or not", async () => {
    expect(await (await post("{nope")).json()).toMatchObject({ error: "bad_request", message: "The request body must be JSON." });
    expect(await (await post(JSON.stringify({ name: "x".repeat(2000), age: 1 }))).json()).toMatchObject({ message: "The request is too large." });
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 512;
        controller.enqueue(new Uint8Array(512).fill(0x20));
      },
    });
    const res = await post(endless);
    expect(res.status).toBe(400);
    expect(pulled).toBeLessThan(4096);
  });

  it("parses the query's first values and answers 400 for a bad one", async () => {
    expect(await (await list(request("/x?page=2&page=3&constructor=1"))).json()).toEqual({ page: 2 });
    const res = await list(request("/x?page=0"));
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ page: ["invalid"] });
  });
});

describe("route(): errors", () => {
  const throwing = (err: unknown) => route({ auth: "public", db: false }, () => Promise.reject(err));

  it("answers typed errors with their status and translated message", async () => {
    const res = await throwing(new AppError("conflict"))(request("/x"));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "conflict", message: "The record was changed by someone else. Reload and try again." });
  });

  it("answers a rate limit with 429 and Retry-After, in the header and the body", async () => {
    const res = await throwing(new AppError("rate_limited", "rate_limited", { retryAfterSeconds: 42 }))(request("/x"));
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("42");
    expect(await res.json()).toEqual({ error: "rate_limited", message: "Too many requests. Please wait and try again.", retryAfterSeconds: 42 });
  });

  it("answers a database outage with 503 and Retry-After", async () => {
    const res = await throwing(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))(request("/x"));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
  });

  it("answers anything else with a logged 500 that never echoes the error", async () => {
    const res = await throwing(new Error('relation "secret_table" does not exist'))(request("/x"));
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain("secret_table");
    expect(JSON.parse(text)).toEqual({ error: "server_error", message: "An error occurred on the server. Please try again later." });
    // The log line has the error, for the operator.
    expect(logs.records().find((r) => r.msg === "[api] unexpected error")?.err).toMatchObject({ message: 'relation "secret_table" does not exist' });
  });
});

describe('route({ auth: "signature" })', () => {
  const SECRET = "dummy-webhook-secret";
  const sign = (text: string) => `sig:${SECRET}:${text.length}`;
  /** A dummy verifier: the signature header must be `sig:<secret>:<byte length>`. */
  const verify = ({ bytes }: { bytes: Uint8Array }, req: Request) => (req.headers.get("x-signature") === `sig:${SECRET}:${bytes.byteLength}` ? { eventId: "evt_1" } : null);
  const received: { text: string; bytes: number[]; verified: unknown }[] = [];
  const webhook = route({ auth: "signature", verify, maxBytes: 2048 }, ({ raw, verified }) => {
    received.push({ text: raw.text, bytes: [...raw.bytes], verified });
    return { received: true };
  });
  const deliver = (body: BodyInit | ReadableStream, headers: Record<string, string>) => webhook(request("/api/webhooks/dummy", { method: "POST", body, headers }));

  beforeEach(() => {
    received.length = 0;
  });

  it("hands the handler the raw body exactly as sent and what the verifier found", async () => {
    const payload = '{ "id": "evt_1",\n  "amount": 100 }';
    const res = await deliver(payload, { "x-signature": sign(payload) });
    expect(res.status).toBe(200);
    expect(received).toEqual([{ text: payload, bytes: [...new TextEncoder().encode(payload)], verified: { eventId: "evt_1" } }]);
  });

  it("needs no session and no origin: the signature is the credential", async () => {
    const payload = "{}";
    const res = await deliver(payload, { "x-signature": sign(payload), origin: "https://payments.example", "sec-fetch-site": "cross-site" });
    expect(res.status).toBe(200);
  });

  it("answers 401 when the signature does not hold, without calling the handler", async () => {
    const res = await deliver("{}", { "x-signature": "sig:wrong:2" });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "unauthorized", message: "The request signature is not valid." });
    expect(received).toEqual([]);
  });

  it("reads the raw body with the cap, and lets the verifier choose its own error", async () => {
    expect((await deliver("x".repeat(4096), { "x-signature": sign("x".repeat(4096)) })).status).toBe(400);
    const picky = route({ auth: "signature", db: false, verify: () => Promise.reject(new AppError("bad_request", "bad_signature")) }, () => ({}));
    expect((await picky(request("/x", { method: "POST", body: "{}" }))).status).toBe(400);
    expect(received).toEqual([]);
  });
});

describe("routes on the wrapper", () => {
  it("the admin search answers 400, not 500, for top-level keys named like Object.prototype members", async () => {
    for (const body of ['{"__proto__":1}', '{"constructor":1}', '{"toString":1}', '{"hasOwnProperty":1,"valueOf":2}']) {
      const res = await searchPost(request("/api/admin/director-verification/clients/search", { method: "POST", body, headers: { ...ADMIN, "content-type": "application/json" } }));
      expect(res.status).toBe(400);
      const json = await res.json();
      expect(json.error).toBe("bad_request");
      for (const key of Object.keys(JSON.parse(body))) expect(Object.hasOwn(json.fields, key)).toBe(true);
    }
  });

  it("the public option list and health check answer without a session", async () => {
    expect((await optionsGet(request("/api/options"))).headers.get("cache-control")).toBe("public, max-age=86400");
    expect(await (await healthGet(request("/api/admin/health"))).text()).toBe("ok\ndatabase: reachable\nmigrations: current\n");
  });

  it("opening an unknown sign-in link still goes to the error page", async () => {
    const res = await enterGet(request("/api/enter/not-a-token"), params({ token: "not-a-token" }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${ORIGIN}/login/error`);
  });
});

describe("paths that do not decode", () => {
  it("the API answers 400 before Next.js would fail on /api/enter/%ff", async () => {
    for (const path of ["/api/enter/%ff", "/api/admin/director-verification/clients/%ff", "/api/enter/%e2%82"]) {
      const res = proxy(new NextRequest(`${ORIGIN}${path}`));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "bad_request", message: "The request could not be processed." });
    }
  });

  it("a page such as /administration/client-management/%ff is sent to the not-found page", () => {
    const res = proxy(new NextRequest(`${ORIGIN}/administration/client-management/%ff`));
    expect(res.headers.get("x-middleware-rewrite")).toBe(`${ORIGIN}/_not-found-undecodable-path`);
    const normal = proxy(new NextRequest(`${ORIGIN}/administration/client-management/12`));
    expect(normal.headers.get("x-middleware-rewrite")).toBeNull();
    expect(normal.headers.get("x-middleware-next")).toBe("1");
  });
});

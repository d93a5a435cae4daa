// The portal server's request logging (scripts/lib/request-listener.ts, which scripts/serve.ts
// runs around Next.js), in-process: a real HTTP server with the same listener, and in place of
// Next.js a handler that turns the request into a Request for route handlers made with lib/route.ts,
// as Next.js does.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { log, sharedRequestContext } from "@/lib/log";
import { captureLogs, type CapturedLogs, type LogRecord } from "@/lib/log/capture";
import { routeForLog } from "@/lib/log/request-logging";
import { route } from "@/lib/route";
import { portalRequestListener } from "@/scripts/lib/request-listener";
import { setupTestDb } from "./support/setup-test-db";
import { asAdmin, asContact, demo } from "./support/test-users";

setupTestDb();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const routes: Record<string, (request: Request) => Promise<Response>> = {
  "/api/who": route({ auth: "admin-api", action: "admin.clients.read" }, ({ user }) => {
    log.info({ via: user.via }, "[test] inside the handler");
    return { ok: true };
  }),
  "/api/company": route({ auth: "user", action: "company.read" }, () => ({ ok: true })),
  "/api/broken": route({ auth: "public" }, () => {
    throw new Error("the handler broke for someone@example.com");
  }),
};

/** Next.js's part: the route handler for the path, its Response written back. */
async function nextLike(req: IncomingMessage, res: ServerResponse) {
  const path = (req.url ?? "/").split("?")[0]!;
  if (path === "/crash") throw new Error("the handler itself failed");
  if (path === "/api/slow") {
    res.writeHead(200);
    res.write("a first part, and the rest never comes");
    return;
  }
  const handler = routes[path] ?? routes[Object.keys(routes).find((p) => path.startsWith(p))!];
  if (!handler) {
    res.writeHead(404).end();
    return;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const response = await handler(new Request(`http://localhost:3000${req.url}`, { method: req.method, headers }));
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

let logs: CapturedLogs;
const servers: http.Server[] = [];

async function serve(trustedProxyCount: number): Promise<string> {
  const server = http.createServer(portalRequestListener({ handle: nextLike, trustedProxyCount }));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The request's own line (the one with a status), once the server has written it. */
async function requestLine(requestId: string): Promise<LogRecord> {
  for (let i = 0; i < 100; i++) {
    const line = logs.records().find((r) => r.requestId === requestId && r.status !== undefined);
    if (line) return line;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no request line for ${requestId}:\n${logs.lines.join("")}`);
}

beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

describe("request logging of the portal's server", () => {
  it("gives each request an id, returns it, and logs method, route, status, duration and the caller's id and role, never the email", async () => {
    const base = await serve(0);
    const res = await fetch(`${base}/api/who?token=query-secret`, { headers: { ...asAdmin(), "x-request-id": "chosen-by-the-client" } });
    expect(res.status).toBe(200);
    const requestId = res.headers.get("x-request-id")!;
    // No trusted proxy: the client's own X-Request-Id is not believed.
    expect(requestId).toMatch(UUID);

    const line = await requestLine(requestId);
    expect(line).toMatchObject({ level: "info", requestId, method: "GET", route: "/api/who", status: 200, role: "Admin" });
    expect(line.userId).toMatch(/^admin:\d+$/);
    expect(typeof line.durationMs).toBe("number");
    // The handler's own line carries the same id and caller, without being told: the route ran in
    // the context the server offered it, which the server withdrew once the response was sent.
    expect(logs.records().find((r) => r.msg === "[test] inside the handler")).toMatchObject({ requestId, role: "Admin", userId: line.userId });
    expect(sharedRequestContext(requestId)).toBeUndefined();

    const everything = logs.lines.join("");
    expect(everything).not.toContain(demo.admin);
    expect(everything).not.toContain("query-secret");
    expect(everything).not.toContain("chosen-by-the-client");
  });

  it("a company contact is named by their client, not their email", async () => {
    const base = await serve(0);
    const res = await fetch(`${base}/api/company`, { headers: asContact() });
    expect(res.status).toBe(200);
    const line = await requestLine(res.headers.get("x-request-id")!);
    expect(line).toMatchObject({ role: "DV_CompanyContact", userId: expect.stringMatching(/^client:\d+$/) });
    expect(logs.lines.join("")).not.toContain(demo.contact.email);
  });

  it("behind a trusted proxy, keeps the proxy's well-formed X-Request-Id", async () => {
    const base = await serve(1);
    const res = await fetch(`${base}/api/company`, { headers: { "x-request-id": "proxy-id-4f1c.77", "x-forwarded-for": "203.0.113.9" } });
    expect(res.status).toBe(401);
    expect(res.headers.get("x-request-id")).toBe("proxy-id-4f1c.77");
    const line = await requestLine("proxy-id-4f1c.77");
    expect(line).toMatchObject({ status: 401, route: "/api/company" });
    expect(line).not.toHaveProperty("userId");

    // A malformed one (a forged log line, say) is replaced.
    const forged = await fetch(`${base}/api/company`, { headers: { "x-request-id": 'x" injected {' } });
    expect(forged.headers.get("x-request-id")).toMatch(UUID);
  });

  it("a failing route is an error line with the request id; a failing handler a 500 whose error line has it too", async () => {
    const base = await serve(0);
    const broken = await fetch(`${base}/api/broken`);
    expect(broken.status).toBe(500);
    const id = broken.headers.get("x-request-id")!;
    expect(await requestLine(id)).toMatchObject({ level: "error", status: 500 });
    const logged = logs.records().find((r) => r.requestId === id && r.msg === "[api] unexpected error");
    expect(logged).toBeDefined();
    expect(logs.lines.join("")).not.toContain("someone@example.com");

    const crash = await fetch(`${base}/crash`);
    expect(crash.status).toBe(500);
    const crashId = crash.headers.get("x-request-id")!;
    expect(logs.records().find((r) => r.requestId === crashId && r.msg === "[serve] request failed")).toBeDefined();
    expect(await requestLine(crashId)).toMatchObject({ level: "error", status: 500, route: "/crash" });
  });
});

describe("routeForLog", () => {
  it("a connection dropped before the response was sent is one warning line, marked aborted", async () => {
    const base = await serve(0);
    const controller = new AbortController();
    const res = await fetch(`${base}/api/slow`, { signal: controller.signal });
    const requestId = res.headers.get("x-request-id")!;
    controller.abort();
    const line = await requestLine(requestId);
    expect(line).toMatchObject({ level: "warn", requestId, route: "/api/slow", status: 200, aborted: true });
    expect(line.msg).toBe("GET /api/slow 200 (connection closed before the response was sent)");
    await new Promise((r) => setTimeout(r, 50));
    expect(logs.records().filter((r) => r.requestId === requestId && r.status !== undefined)).toHaveLength(1);
    expect(sharedRequestContext(requestId)).toBeUndefined();
  });

  it("drops the query string and hides tokens in the path, keeping record ids", () => {
    expect(routeForLog("/api/enter/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcd?next=/x")).toBe("/api/enter/:token");
    expect(routeForLog("/confirm-email/short")).toBe("/confirm-email/:token");
    expect(routeForLog("/login/continue/abc")).toBe("/login/continue/:token");
    expect(routeForLog("/requests/identity-verification/cs_test_a1b2c3")).toBe("/requests/identity-verification/:paymentSessionId");
    expect(routeForLog("/requests/identity-verification/submitted?reference=R1")).toBe("/requests/identity-verification/submitted");
    expect(routeForLog("/api/admin/director-verification/directors/42/file/7")).toBe("/api/admin/director-verification/directors/42/file/7");
    expect(routeForLog("/api/x/Zm9vYmFyYmF6cXV4cXV1eDEyMzQ1Ng")).toBe("/api/x/:token");
    expect(routeForLog("/requests/identity-verification")).toBe("/requests/identity-verification");
  });
});

import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { observePages, pageMatcher } from "./page-requests";
import { metrics } from "./registry";

// The shape of a Next.js build's routes-manifest.json (static and dynamic routes, most specific first).
const manifest = {
  staticRoutes: [
    { page: "/", regex: "^/(?:/)?$" },
    { page: "/administration/operations", regex: "^/administration/operations(?:/)?$" },
    { page: "/login", regex: "^/login(?:/)?$" },
  ],
  dynamicRoutes: [
    { page: "/administration/client-management/[clientId]", regex: "^/administration/client\\-management/([^/]+?)(?:/)?$" },
    { page: "/administration/directors/[directorId]/evidence-pack", regex: "^/administration/directors/([^/]+?)/evidence\\-pack(?:/)?$" },
    { page: "/broken", regex: "(" },
  ],
};

describe("pageMatcher", () => {
  const page = pageMatcher(manifest);

  it("names a static page, with or without a trailing slash", () => {
    expect(page("/")).toBe("/");
    expect(page("/login")).toBe("/login");
    expect(page("/administration/operations/")).toBe("/administration/operations");
  });

  it("names a dynamic page by its pattern, not its values", () => {
    expect(page("/administration/client-management/42")).toBe("/administration/client-management/[clientId]");
    expect(page("/administration/directors/7/evidence-pack")).toBe("/administration/directors/[directorId]/evidence-pack");
  });

  it("knows no page for anything else", () => {
    expect(page("/nothing-here")).toBeUndefined();
    expect(page("/administration/client-management/42/more")).toBeUndefined();
  });
});

function fakeExchange(url: string, status: number) {
  const req = { url, method: "GET" } as IncomingMessage;
  const res = Object.assign(new EventEmitter(), { statusCode: status }) as unknown as ServerResponse;
  return { req, res };
}

async function count(route: string, status: string): Promise<number> {
  const json = await metrics().registry.getSingleMetricAsString("portal_http_request_duration_seconds");
  const line = json.split("\n").find((l) => l.startsWith(`portal_http_request_duration_seconds_count{method="GET",route="${route}",status="${status}"}`));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

describe("observePages", () => {
  it("times page requests by pattern once they finish, and leaves API routes and Next.js files alone", async () => {
    const handled: string[] = [];
    const handle = observePages(async (req) => handled.push(req.url!), pageMatcher(manifest));
    const before = await count("/administration/client-management/[clientId]", "200");

    for (const [url, status] of [["/administration/client-management/1?tab=audit", 200], ["/administration/client-management/2", 200], ["/nowhere", 404], ["/api/user", 200], ["/_next/static/chunk.js", 200]] as const) {
      const { req, res } = fakeExchange(url, status);
      await handle(req, res);
      res.emit("finish");
    }

    expect(handled).toHaveLength(5);
    expect(await count("/administration/client-management/[clientId]", "200")).toBe(before + 2);
    expect(await count("other", "404")).toBeGreaterThanOrEqual(1);
    const text = await metrics().registry.getSingleMetricAsString("portal_http_request_duration_seconds");
    expect(text).not.toContain('route="/api/user"');
    expect(text).not.toContain("_next");
    expect(text).not.toContain("client-management/1");
  });
});

import { NextRequest } from "next/server";
import { resetEnvCache } from "@/lib/env";
import { proxy } from "@/proxy";

const ORIGIN = "http://localhost:3000";
const get = (path: string) => proxy(new NextRequest(`${ORIGIN}${path}`, { headers: { "user-agent": "jest", accept: "text/html" } }));
const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

describe("proxy: security headers on every response", () => {
  afterEach(() => resetEnvCache());

  it("gives every page response a fresh nonce, and the page's request the same policy", () => {
    const nonces = new Set<string>();
    for (const path of ["/login", "/administration/client-management", "/contact", "/administration/client-management/12"]) {
      const res = get(path);
      const csp = res.headers.get("content-security-policy");
      const nonce = nonceOf(csp);
      expect(nonce).toBeTruthy();
      nonces.add(nonce!);
      // Next.js renders the page's scripts with the nonce of the policy the request carries.
      expect(res.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
      expect(res.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
      expect(res.headers.get("x-middleware-override-headers")?.split(",")).toEqual(expect.arrayContaining(["content-security-policy", "x-nonce", "user-agent"]));
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    }
    expect(nonces.size).toBe(4);
  });

  it("gives API responses the same headers and no-store, without rewriting the request", () => {
    const page = get("/contact");
    const nonces = new Set<string>();
    for (const path of ["/api/home", "/api/user", "/api/admin/director-verification/clients/search", "/api"]) {
      const res = get(path);
      const csp = res.headers.get("content-security-policy");
      nonces.add(nonceOf(csp)!);
      expect(csp!.replace(/'nonce-[^']+'/, "")).toBe(page.headers.get("content-security-policy")!.replace(/'nonce-[^']+'/, ""));
      for (const name of ["x-content-type-options", "referrer-policy", "cross-origin-opener-policy", "x-frame-options", "permissions-policy"]) {
        expect(res.headers.get(name)).toBe(page.headers.get(name));
      }
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-middleware-next")).toBe("1");
      expect(res.headers.get("x-middleware-override-headers")).toBeNull();
      expect([...res.headers.keys()].filter((k) => k.startsWith("x-middleware-request-"))).toEqual([]);
    }
    expect(nonces.size).toBe(4);
    // The public option list may be cached, as before.
    expect(get("/api/options").headers.get("cache-control")).toBeNull();
  });

  it("gives a download route its own sandbox policy instead of the site's, with the other headers as usual", () => {
    const page = get("/contact");
    for (const path of ["/api/director-verification/director/file/7", "/api/admin/director-verification/directors/3/yoti-media/4", "/api/admin/director-verification/directors/3/file/9", "/api/admin/export/director"]) {
      const res = get(path);
      expect([path, res.headers.get("content-security-policy")]).toEqual([path, "default-src 'none'; sandbox"]);
      for (const name of ["x-content-type-options", "referrer-policy", "x-frame-options", "permissions-policy"]) expect(res.headers.get(name)).toBe(page.headers.get(name));
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    // Neighbouring paths keep the site's policy.
    for (const path of ["/api/director-verification/director/file", "/api/admin/director-verification/directors/3"]) expect(get(path).headers.get("content-security-policy")).toContain("script-src");
  });

  it("sends no Referer beyond the site from /login, whose address holds the invitation's email and reference, and never caches it", () => {
    for (const path of ["/login", "/login?email=a%40b.example&reference=AB7K2QPX", "/login/continue/abc"]) {
      const res = get(path);
      expect([path, res.headers.get("referrer-policy")]).toEqual([path, "same-origin"]);
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    for (const path of ["/contact", "/", "/logged-out", "/api/send-link", "/loginx"]) expect([path, get(path).headers.get("referrer-policy")]).toEqual([path, "strict-origin-when-cross-origin"]);
  });

  it("follows the configuration when it is read again (HSTS and the policy's origins under https)", () => {
    expect(get("/login").headers.get("strict-transport-security")).toBeNull();
    const saved = process.env.APP_URL;
    process.env.APP_URL = "https://portal.example.com";
    resetEnvCache();
    try {
      const res = get("/api/home");
      expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      expect(res.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    } finally {
      if (saved === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = saved;
    }
  });
});

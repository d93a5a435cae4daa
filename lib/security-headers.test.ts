import fs from "node:fs";
import path from "node:path";
import { contentSecurityPolicy, DOWNLOAD_CSP, downloadSecurityHeaders, isPrivatePath, mergeSecurityHeaders, ownHeadersOf, referrerPolicyOf, securityHeaders, securityHeadersForNonce } from "./security-headers";

describe("security headers", () => {
  it("builds a nonce-based CSP with the locked-down directives", () => {
    const csp = contentSecurityPolicy({ nonce: "abc", appUrl: "http://localhost:3000", dev: false, formTargets: ["https://login.example.com"] });
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).not.toContain("unsafe-eval");
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self' https://login.example.com"]) expect(csp).toContain(d);
    expect(csp).not.toContain("upgrade-insecure-requests");
  });

  it("allows the origins an outside service needs, in its directives only", () => {
    const csp = contentSecurityPolicy({ nonce: "n", appUrl: "https://portal.example.com", dev: false, sources: { script: ["https://www.google.com", "https://www.gstatic.com"], frame: ["https://www.google.com"], connect: ["https://www.google.com"] } });
    expect(csp).toContain("script-src 'self' 'nonce-n' 'strict-dynamic' https://www.google.com https://www.gstatic.com;");
    expect(csp).toContain("frame-src 'self' https://www.google.com;");
    expect(csp).toContain("connect-src 'self' https://www.google.com;");
    expect(csp).toContain("default-src 'self';");
    expect(contentSecurityPolicy({ nonce: "n", appUrl: "https://portal.example.com", dev: false })).toContain("frame-src 'self';");
  });

  it("grants the camera only to the framed origins given (the identity check), never to the page", () => {
    expect(securityHeaders({ nonce: "n", appUrl: "http://localhost:3000", dev: false })["Permissions-Policy"]).toContain("camera=()");
    const policy = securityHeaders({ nonce: "n", appUrl: "http://localhost:3000", dev: false, cameraOrigins: ["https://api.yoti.com", "https://api.yoti.com"] })["Permissions-Policy"];
    expect(policy).toBe('camera=("https://api.yoti.com"), microphone=(), geolocation=(), payment=(), usb=()');
  });

  it("adds HSTS and upgrade-insecure-requests only on https", () => {
    const https = securityHeaders({ nonce: "n", appUrl: "https://portal.example.com", dev: false });
    expect(https["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    expect(https["Content-Security-Policy"]).toContain("upgrade-insecure-requests");
    expect(securityHeaders({ nonce: "n", appUrl: "http://localhost:3000", dev: false })["Strict-Transport-Security"]).toBeUndefined();
  });

  it("worked out once for a configuration, gives each nonce the same headers as securityHeaders", () => {
    const configurations = [
      { appUrl: "http://localhost:3000", dev: false },
      { appUrl: "http://localhost:3000", dev: true, formTargets: ["http://127.0.0.1:4010"] },
      {
        appUrl: "https://portal.example.com",
        dev: false,
        formTargets: ["https://login.example.com"],
        sources: { script: ["https://www.google.com"], frame: ["https://www.google.com", "https://api.yoti.com"], connect: ["https://www.google.com"] },
        cameraOrigins: ["https://api.yoti.com"],
      },
    ];
    for (const options of configurations) {
      const forNonce = securityHeadersForNonce(options);
      for (const nonce of ["abc", btoa(crypto.randomUUID()), btoa(crypto.randomUUID())]) expect(forNonce(nonce)).toEqual(securityHeaders({ ...options, nonce }));
    }
  });

  it("gives /login (the invitation's link carries the email and reference) a same-origin referrer policy, and no other path", () => {
    for (const p of ["/login", "/login/", "/login/continue/x"]) expect(referrerPolicyOf(p)).toBe("same-origin");
    for (const p of ["/", "/contact", "/loginx", "/admin/login", "/identity-verification"]) expect(referrerPolicyOf(p)).toBeUndefined();
    expect(isPrivatePath("/login")).toBe(true);
  });

  it("marks personal-data paths as private", () => {
    for (const p of ["/api/user", "/identity-verification", "/administration/audit", "/login/continue/x", "/dev/mailbox", "/confirm-email/x"]) expect(isPrivatePath(p)).toBe(true);
    for (const p of ["/contact", "/api/options", "/", "/errors/un-authorised"]) expect(isPrivatePath(p)).toBe(false);
  });
});

describe("a route's own security headers", () => {
  const site = securityHeaders({ nonce: "n", appUrl: "https://portal.example.com", dev: false });

  it("mergeSecurityHeaders: the route's value wins for each header it sets, whatever its case; the rest stay", () => {
    const merged = mergeSecurityHeaders(site, { "content-security-policy": DOWNLOAD_CSP });
    expect(merged["content-security-policy"]).toBe(DOWNLOAD_CSP);
    expect(merged["Content-Security-Policy"]).toBeUndefined();
    for (const name of ["X-Frame-Options", "X-Content-Type-Options", "Referrer-Policy", "Strict-Transport-Security", "Permissions-Policy"]) expect(merged[name]).toBe(site[name]);
    expect(Object.keys(merged)).toHaveLength(Object.keys(site).length);
    expect(mergeSecurityHeaders(site, undefined)).toEqual(site);
    expect(mergeSecurityHeaders(site, {})).toEqual(site);
  });

  it("ownHeadersOf: the download routes get the sandbox policy; pages and other API routes nothing", () => {
    for (const path of [
      "/api/director-verification/director/file/12",
      "/api/admin/director-verification/directors/3/file/9",
      "/api/admin/director-verification/directors/3/yoti-media/4",
      "/api/admin/director-verification/clients/7/directors-export",
      "/api/admin/export/client",
      "/api/admin/export/director",
      "/api/director-verification/company/directors-export",
    ]) {
      expect([path, ownHeadersOf(path)]).toEqual([path, { "Content-Security-Policy": DOWNLOAD_CSP }]);
    }
    for (const path of ["/api/director-verification/director/file", "/api/director-verification/company", "/api/admin/director-verification/directors/3", "/administration/client-management", "/api/admin/director-verification/directors/3/yoti-media/4/x", "/login"]) {
      expect([path, ownHeadersOf(path)]).toEqual([path, undefined]);
    }
  });

  it("every route that builds a download is listed, so the proxy keeps its policy", () => {
    const root = path.join(__dirname, "..", "app");
    const routes: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name === "route.ts" && /\b(fileDownloadResponse|csvResponse)\(/.test(fs.readFileSync(full, "utf8"))) routes.push(full);
      }
    };
    walk(root);
    expect(routes.length).toBeGreaterThanOrEqual(6);
    for (const file of routes) {
      // app/api/x/[id]/route.ts → /api/x/1 (route groups in parentheses are not in the URL).
      const url = "/" + path.relative(root, path.dirname(file)).split(path.sep).filter((s) => !/^\(.*\)$/.test(s)).map((s) => (/^\[.*\]$/.test(s) ? "1" : s)).join("/");
      expect([url, ownHeadersOf(url)]).toEqual([url, downloadSecurityHeaders]);
    }
  });
});

import { contentSecurityPolicy, isPrivatePath, securityHeaders } from "./security-headers";

describe("security headers", () => {
  it("builds a nonce-based CSP with the locked-down directives", () => {
    const csp = contentSecurityPolicy({ nonce: "abc", appUrl: "http://localhost:3000", dev: false, formTargets: ["https://login.example.com"] });
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).not.toContain("unsafe-eval");
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self' https://login.example.com"]) expect(csp).toContain(d);
    expect(csp).not.toContain("upgrade-insecure-requests");
  });

  it("adds HSTS and upgrade-insecure-requests only on https", () => {
    const https = securityHeaders({ nonce: "n", appUrl: "https://portal.example.com", dev: false });
    expect(https["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    expect(https["Content-Security-Policy"]).toContain("upgrade-insecure-requests");
    expect(securityHeaders({ nonce: "n", appUrl: "http://localhost:3000", dev: false })["Strict-Transport-Security"]).toBeUndefined();
  });

  it("marks personal-data paths as private", () => {
    for (const p of ["/api/user", "/identity-verification", "/administration/audit", "/login/continue/x", "/dev/mailbox"]) expect(isPrivatePath(p)).toBe(true);
    for (const p of ["/contact", "/api/options", "/", "/errors/un-authorised"]) expect(isPrivatePath(p)).toBe(false);
  });
});

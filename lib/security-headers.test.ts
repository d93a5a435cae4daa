import { contentSecurityPolicy, isPrivatePath, securityHeaders, securityHeadersForNonce } from "./security-headers";

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

  it("marks personal-data paths as private", () => {
    for (const p of ["/api/user", "/identity-verification", "/administration/audit", "/login/continue/x", "/dev/mailbox"]) expect(isPrivatePath(p)).toBe(true);
    for (const p of ["/contact", "/api/options", "/", "/errors/un-authorised"]) expect(isPrivatePath(p)).toBe(false);
  });
});

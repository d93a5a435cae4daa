/**
 * The security headers of every response (DESIGN §6, ASVS V3). Pure, so a unit test can read them.
 */
export interface HeaderOptions {
  nonce: string;
  appUrl: string;
  /** `next dev` needs eval for fast refresh. */
  dev: boolean;
  /** Origins a sign-in form may post or redirect to (the OpenID Connect provider). */
  formTargets?: string[];
}

export function contentSecurityPolicy({ nonce, appUrl, dev, formTargets = [] }: HeaderOptions): string {
  const https = appUrl.startsWith("https:");
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // The toast library injects its stylesheet at run time, and React sets style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws:" : ""}`,
    "frame-src 'self'",
    `form-action 'self'${formTargets.map((o) => ` ${o}`).join("")}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** Headers that do not depend on the request (also set on static files by next.config.ts). */
export const staticSecurityHeaders: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
};

export function securityHeaders(options: HeaderOptions): Record<string, string> {
  return {
    ...staticSecurityHeaders,
    "Content-Security-Policy": contentSecurityPolicy(options),
    ...(options.appUrl.startsWith("https:") ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/** Paths whose responses carry personal data or session state: never stored by caches. */
export function isPrivatePath(pathname: string): boolean {
  return /^\/(api|identity-verification|administration|login|logged-out|dev)(\/|$)/.test(pathname) && !/^\/api\/options$/.test(pathname);
}

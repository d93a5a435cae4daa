import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { staticSecurityHeaders } from "./lib/security-headers";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // unauthorized() / forbidden() render app/unauthorized.tsx and app/forbidden.tsx with 401 / 403.
  experimental: { authInterrupts: true },
  poweredByHeader: false,
  // The Docker image sets NEXT_OUTPUT=standalone; `npm start` serves the ordinary build.
  output: process.env.NEXT_OUTPUT === "standalone" ? "standalone" : undefined,
  // PGlite loads its WebAssembly and data files from its own package folder; node-postgres and
  // nodemailer are plain Node libraries. Keep them out of the server bundle.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "nodemailer"],
  async headers() {
    // Static files too; pages and API responses also get the per-request headers of proxy.ts.
    return [{ source: "/:path*", headers: Object.entries(staticSecurityHeaders).map(([key, value]) => ({ key, value })) }];
  },
  outputFileTracingIncludes: { "/**": ["./db/migrations/**/*"] },
};

export default withNextIntl(nextConfig);

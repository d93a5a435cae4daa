import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { staticSecurityHeaders } from "./lib/security-headers";

// The catalogues are compiled at build time (docs/speed.md "Precompiled messages"): pages format
// them without intl-messageformat's parser, in the browser and on the server alike.
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // unauthorized() / forbidden() render app/unauthorized.tsx and app/forbidden.tsx with 401 / 403.
  // proxy.ts sees every request, so Next.js buffers bodies for it up to this size (10 MB by default)
  // and would cut an evidence upload at UPLOAD_MAX_BYTES (10 MB) plus its multipart framing. Keep
  // it above UPLOAD_MAX_BYTES; the upload route itself refuses anything larger with 413.
  experimental: { authInterrupts: true, proxyClientMaxBodySize: "12mb" },
  poweredByHeader: false,
  // NEXT_DIST_DIR lets two builds live side by side (e.g. a developer's and the test suite's).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The Docker image sets NEXT_OUTPUT=standalone; `npm start` serves the ordinary build.
  output: process.env.NEXT_OUTPUT === "standalone" ? "standalone" : undefined,
  // PGlite loads its WebAssembly and data files from its own package folder; node-postgres and
  // nodemailer are plain Node libraries. Keep them out of the server bundle. So is `yoti`, whose
  // protobufjs loads modules dynamically and which reads its own configuration from the environment.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "nodemailer", "yoti"],
  async headers() {
    // Static files too; pages and API responses also get the per-request headers of proxy.ts.
    return [{ source: "/:path*", headers: Object.entries(staticSecurityHeaders).map(([key, value]) => ({ key, value })) }];
  },
  outputFileTracingIncludes: { "/**": ["./db/migrations/**/*", "./db/search/**/*"] },
};

export default withNextIntl(nextConfig);

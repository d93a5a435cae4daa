import coreWebVitals from "eslint-config-next/core-web-vitals";
import typescript from "eslint-config-next/typescript";

const config = [
  ...coreWebVitals,
  ...typescript,
  { ignores: [".next/**", ".next-*/**", "node_modules/**", ".data/**", "db/migrations/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // No console in the application and its scripts: server code logs through lib/log (JSON lines
    // with the request's or job's context, secrets redacted; docs/operations.md, "Logs"), command-line
    // scripts print through scripts/lib/terminal.ts, and browser code reports through
    // lib/log/browser.ts, the one file allowed to. Tests may use the console.
    files: ["app/**", "components/**", "lib/**", "db/**", "scripts/**", "proxy.ts", "instrumentation.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "lib/log/browser.ts"],
    rules: { "no-console": "error" },
  },
];
export default config;

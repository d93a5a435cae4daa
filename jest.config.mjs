import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

const esmPackages = ["@electric-sql/pglite", "next-intl", "use-intl", "@formatjs", "intl-messageformat", "@schummar", "icu-minify", "pg-boss", "serialize-error", "non-error"];

const common = {
  moduleNameMapper: {
    "^@/(.*)$": "<rootDir>/$1",
    // `server-only` throws outside React Server Components; tests call server code directly.
    "^server-only$": "<rootDir>/tests/setup/empty-module.cjs",
  },
  testPathIgnorePatterns: ["/node_modules/", "/.next/", "/tests/e2e/"],
};

const unit = {
  ...common,
  displayName: "unit",
  testEnvironment: "node",
  testMatch: ["<rootDir>/lib/**/*.test.ts", "<rootDir>/components/**/*.test.ts"],
  setupFilesAfterEnv: ["<rootDir>/tests/setup/log-level.ts"],
};

const component = {
  ...common,
  displayName: "component",
  testEnvironment: "jsdom",
  testMatch: ["<rootDir>/components/**/*.test.tsx"],
  setupFilesAfterEnv: ["<rootDir>/tests/setup/component.ts"],
};

const integration = {
  ...common,
  displayName: "integration",
  testEnvironment: "<rootDir>/tests/setup/integration-environment.mjs",
  testMatch: ["<rootDir>/tests/integration/**/*.test.ts"],
  globalSetup: "<rootDir>/tests/setup/global-setup.mjs",
  globalTeardown: "<rootDir>/tests/setup/global-teardown.mjs",
  setupFiles: ["<rootDir>/tests/setup/integration-env.ts"],
  setupFilesAfterEnv: ["<rootDir>/tests/setup/log-level.ts", "<rootDir>/tests/setup/integration-jobs.ts", "<rootDir>/tests/setup/integration-captcha.ts"],
};

export default async function config() {
  return {
    // Integration tests open databases and SMTP servers; unit tests finish far inside this.
    testTimeout: 60_000,
    projects: await Promise.all(
      [unit, component, integration].map(async (p) => {
        const project = await createJestConfig(p)();
        // next-intl and its formatting libraries ship ES modules only, and PGlite loads Node built-ins
        // with import(): let SWC compile them to CommonJS too.
        // PGlite's CommonJS build is a .cjs file: compile it with the same transformer.
        const [[pattern, swc]] = Object.entries(project.transform);
        project.transform = { [pattern.replace("|mjs)", "|mjs|cjs)")]: swc };
        project.transformIgnorePatterns = [`/node_modules/(?!(${esmPackages.join("|")})/)`, "^.+\\.module\\.(css|sass|scss)$"];
        return project;
      }),
    ),
  };
}

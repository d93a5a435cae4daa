import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

const esmPackages = ["next-intl", "use-intl", "@formatjs", "intl-messageformat", "@schummar", "icu-minify"];

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
  testMatch: ["<rootDir>/lib/**/*.test.ts", "<rootDir>/components/**/*.test.ts", "<rootDir>/tests/unit/**/*.test.ts"],
};

const component = {
  ...common,
  displayName: "component",
  testEnvironment: "jsdom",
  testMatch: ["<rootDir>/components/**/*.test.tsx", "<rootDir>/tests/unit/**/*.test.tsx"],
  setupFilesAfterEnv: ["<rootDir>/tests/setup/component.ts"],
};

const integration = {
  ...common,
  displayName: "integration",
  testEnvironment: "node",
  testMatch: ["<rootDir>/tests/integration/**/*.test.ts"],
  globalSetup: "<rootDir>/tests/setup/global-setup.mjs",
  globalTeardown: "<rootDir>/tests/setup/global-teardown.mjs",
  setupFiles: ["<rootDir>/tests/setup/integration-env.cjs"],
  setupFilesAfterEnv: ["<rootDir>/tests/setup/integration.ts"],
  testTimeout: 60_000,
};

export default async function config() {
  return {
    projects: await Promise.all(
      [unit, component, integration].map(async (p) => {
        const project = await createJestConfig(p)();
        // next-intl and its formatting libraries ship ES modules only: let SWC compile them too.
        project.transformIgnorePatterns = [`/node_modules/(?!(${esmPackages.join("|")})/)`, "^.+\\.module\\.(css|sass|scss)$"];
        return project;
      }),
    ),
  };
}

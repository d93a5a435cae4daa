/**
 * The keys of the local reCAPTCHA Enterprise simulator (development and tests only). Production
 * configuration refuses them.
 */
export const RECAPTCHA_DEV_CREDENTIALS = {
  siteKey: "simulator-site-key",
  apiKey: "simulator-api-key",
  projectId: "local-simulator",
} as const;

/** Fixed tokens the simulator answers outside production, so scripts and tests can call the API. */
export const RECAPTCHA_TEST_TOKENS = { pass: "test-pass", fail: "test-fail" } as const;
export const RECAPTCHA_SIMULATOR_DEFAULT_PORT = 4040;

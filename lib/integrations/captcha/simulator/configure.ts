// How `npm start` and the end-to-end set-up wire the reCAPTCHA Enterprise simulator to the portal
// (scripts/lib/simulators.ts): the portal's real adapter and the browser script are pointed at it
// with the simulator's development keys.
import { RECAPTCHA_DEV_CREDENTIALS, RECAPTCHA_SIMULATOR_DEFAULT_PORT } from "../dev-credentials";

export { RECAPTCHA_SIMULATOR_DEFAULT_PORT };

/** The simulator runs when the bot check is not configured, and never in production. */
export function captchaSimulatorWanted(env: NodeJS.ProcessEnv): boolean {
  return !env.RECAPTCHA_SITE_KEY && !env.RECAPTCHA_API_KEY && env.APP_ENV !== "production";
}

export function configureCaptchaSimulator(env: NodeJS.ProcessEnv, port: number): void {
  env.RECAPTCHA_SITE_KEY = RECAPTCHA_DEV_CREDENTIALS.siteKey;
  env.RECAPTCHA_API_KEY = RECAPTCHA_DEV_CREDENTIALS.apiKey;
  env.RECAPTCHA_PROJECT_ID = RECAPTCHA_DEV_CREDENTIALS.projectId;
  env.RECAPTCHA_API_BASE = `http://127.0.0.1:${port}`;
  env.RECAPTCHA_SCRIPT_URL = `http://127.0.0.1:${port}/recaptcha/enterprise.js`;
}

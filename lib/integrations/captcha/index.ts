import { getEnv, type Env } from "@/lib/env";
import { instrumentAdapter } from "@/lib/metrics/outside-call";
import { createRecaptchaAdapter } from "./captcha-adapter";
import type { BotCheck } from "./types";

export type { AssessInput, Assessment, AssessReason, BotCheck } from "./types";
export { BotCheckError } from "./errors";

/** The bot check a configuration means. The simulator is the same adapter pointed at it. */
export function chooseCaptcha(env: Env): BotCheck {
  const { RECAPTCHA_SITE_KEY, RECAPTCHA_API_KEY, RECAPTCHA_PROJECT_ID } = env;
  if (!RECAPTCHA_SITE_KEY || !RECAPTCHA_API_KEY || !RECAPTCHA_PROJECT_ID) {
    // Outside production, `npm start` and the end-to-end set-up start the reCAPTCHA simulator and
    // set these; production refuses to start without them.
    throw new Error("The bot check is not configured: set RECAPTCHA_SITE_KEY, RECAPTCHA_API_KEY and RECAPTCHA_PROJECT_ID, or start the portal with `npm start` (which runs the reCAPTCHA simulator)");
  }
  return createRecaptchaAdapter({ apiBase: env.RECAPTCHA_API_BASE, projectId: RECAPTCHA_PROJECT_ID, apiKey: RECAPTCHA_API_KEY, siteKey: RECAPTCHA_SITE_KEY, minScore: env.RECAPTCHA_MIN_SCORE });
}

let chosen: { env: Env; check: BotCheck } | undefined;

/**
 * The process's bot check, chosen once from the configuration (again after resetEnvCache()). Its
 * assessments are recorded as outside calls (lib/metrics/outside-call.ts): a token judged a bot is
 * the service answering; only an assessment that could not be made is a failure.
 */
export function getCaptcha(): BotCheck {
  const env = getEnv();
  if (chosen?.env !== env) chosen = { env, check: instrumentAdapter("captcha", chooseCaptcha(env), ["assess"]) };
  return chosen.check;
}

/**
 * What a page needs to load the script: the site key and the script URL (public values). The site
 * key is absent when the bot check is not configured; the browser loader then warns.
 */
export function captchaBrowserConfig(env: Env = getEnv()): { siteKey?: string; scriptUrl: string } {
  return { siteKey: env.RECAPTCHA_SITE_KEY, scriptUrl: env.RECAPTCHA_SCRIPT_URL };
}

export { captchaCspSources } from "./csp";

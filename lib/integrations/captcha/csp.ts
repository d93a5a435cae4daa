import { getEnv, type Env } from "@/lib/env";

/**
 * Origins the Content-Security-Policy must allow for the bot check. Google's script loads more
 * script from www.gstatic.com and runs its challenge in frames of www.google.com and
 * recaptcha.google.com; the simulator's script fetches its token from its own origin.
 * Read by proxy.ts for every response's policy.
 */
export function captchaCspSources(env: Env = getEnv()): { script: string[]; frame: string[]; connect: string[] } {
  // No site key: no script is loaded, so nothing is allowed.
  if (!env.RECAPTCHA_SITE_KEY) return { script: [], frame: [], connect: [] };
  const origin = new URL(env.RECAPTCHA_SCRIPT_URL).origin;
  if (/(^|\.)google\.com$/.test(new URL(origin).hostname)) {
    return {
      script: [origin, "https://www.gstatic.com"],
      frame: [origin, "https://recaptcha.google.com"],
      connect: [origin],
    };
  }
  return { script: [origin], frame: [origin], connect: [origin] };
}

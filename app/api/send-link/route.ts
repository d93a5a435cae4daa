import { getEnv } from "@/lib/env";
import { withCaptchaToken } from "@/lib/schemas/captcha-token";
import { loginSchema } from "@/lib/schemas/sign-in";
import { botCheckActions } from "@/lib/server/bot-check/assert-human";
import { requestSignInLink } from "@/lib/server/sign-in/request-sign-in-link";
import { route } from "@/lib/route";

/**
 * Asks for a sign-in link: JSON `{ email, reference, captchaToken }` → `{ success: true }` whether
 * or not they match anyone. A failed bot check: 400 'Verification failed. Please try again.',
 * nothing recorded (the check runs before the body is validated). Too many requests: 429 with
 * Retry-After.
 */
export const POST = route({ auth: "public", human: botCheckActions.sendLink, body: withCaptchaToken(loginSchema), maxBytes: 16 * 1024 }, async ({ db, body, meta }) => {
  const env = getEnv();
  const started = performance.now();
  const { captchaToken: _token, ...input } = body;
  await requestSignInLink({ db, env, input, ...meta });
  // Every accepted request takes at least this long, so a match (which writes a token and an email
  // job) cannot be told from a miss by its timing.
  const wait = env.SEND_LINK_MIN_MS - (performance.now() - started);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  return { success: true };
});

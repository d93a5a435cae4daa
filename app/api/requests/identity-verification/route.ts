import { withCaptchaToken } from "@/lib/schemas/captcha-token";
import { onboardingRequestSchema } from "@/lib/schemas/onboarding-request";
import { botCheckActions } from "@/lib/server/bot-check/assert-human";
import { submitOnboardingRequest } from "@/lib/server/requests/submit-onboarding-request";
import { route } from "@/lib/route";

/**
 * Files an onboarding request: the request form's JSON body plus `captchaToken`, from the request
 * page or the provider's own systems. Answers `{ reference, next }`: `next` is Stripe Checkout's
 * page for card payment, else the submitted page. A failed bot check: 400 'Verification failed.
 * Please try again.' and nothing stored, before the body is validated; an invalid field: 400 with
 * every field's message key.
 * The cap leaves room for the largest request (5,000 individuals with long names).
 */
export const POST = route({ auth: "public", human: botCheckActions.requestVerification, body: withCaptchaToken(onboardingRequestSchema), maxBytes: 2 * 1024 * 1024 }, async ({ db, body, meta }) => {
  const { captchaToken: _token, ...input } = body;
  return submitOnboardingRequest({ db, input, meta });
});

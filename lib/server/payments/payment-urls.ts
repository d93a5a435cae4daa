import "server-only";
import { getEnv } from "@/lib/env";

/**
 * The portal addresses a card payment sends people to. Absolute, because Stripe and emails need
 * them so; built in one place so the Checkout Session, the retry and the emails agree.
 */
export const paymentUrls = {
  /** Stripe replaces `{CHECKOUT_SESSION_ID}` with the session's id when it redirects after payment. */
  success: () => new URL("/requests/identity-verification/{CHECKOUT_SESSION_ID}", getEnv().APP_URL).toString().replace(/%7B(CHECKOUT_SESSION_ID)%7D/, "{$1}"),
  /** The page of one Checkout Session: paid, still processing, or not paid with a way to pay. */
  session: (sessionId: string) => new URL(`/requests/identity-verification/${encodeURIComponent(sessionId)}`, getEnv().APP_URL).toString(),
  /**
   * The page of a request saved but not paid, with its "Pay now" (`token` from paymentToken()):
   * where leaving Checkout without paying returns to (Stripe's cancel address), and where a repeated
   * submission of the same request is sent instead of making a second one.
   */
  continue: (token: string) => new URL(`/requests/identity-verification/continue/${encodeURIComponent(token)}`, getEnv().APP_URL).toString(),
  /** The onboarding-request-submitted page of a request. */
  submitted: (reference: string) => {
    const url = new URL("/requests/identity-verification/submitted", getEnv().APP_URL);
    url.searchParams.set("reference", reference);
    return url.toString();
  },
  /** The submitted page with the credential its "pay by card" retry button needs. */
  retry: (reference: string, secret: string) => {
    const url = new URL("/requests/identity-verification/submitted", getEnv().APP_URL);
    url.searchParams.set("reference", reference);
    url.searchParams.set("payment", secret);
    return url.toString();
  },
};

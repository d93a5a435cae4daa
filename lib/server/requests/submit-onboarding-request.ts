import "server-only";
import type { Db } from "@/db";
import { getEnv } from "@/lib/env";
import type { OnboardingRequest } from "@/lib/schemas/onboarding-request";
import { startCardPayment } from "@/lib/server/payments/start-card-payment";
import { createOnboardingRequest } from "./create-onboarding-request";

export interface SubmittedOnboardingRequest {
  /** The client's reference: the main contact signs in with it. */
  reference: string;
  /** Where the browser goes next: Stripe Checkout's page, or the submitted page. */
  next: string;
}

/** The onboarding-request-submitted page of a request (absolute, for machine callers too). */
export function submittedPageUrl(reference: string): string {
  const url = new URL("/requests/identity-verification/submitted", getEnv().APP_URL);
  url.searchParams.set("reference", reference);
  return url.toString();
}

/**
 * Stores an onboarding request (createOnboardingRequest), then, for card payment, opens its Stripe
 * Checkout Session. The payment is started only once the request has committed: if Stripe fails,
 * the request is still there, `next` is the submitted page offering another attempt, and the
 * failure is audited by the payment code. The caller has passed the bot check.
 */
export async function submitOnboardingRequest({ db, input, meta }: { db: Db; input: OnboardingRequest; meta: { ip?: string; userAgent?: string } }): Promise<SubmittedOnboardingRequest> {
  const created = await createOnboardingRequest({ db, input, meta });
  if (created.journey !== "PayByCard") return { reference: created.reference, next: submittedPageUrl(created.reference) };
  try {
    const { url } = await startCardPayment({ db, clientId: created.clientId });
    return { reference: created.reference, next: url };
  } catch (err) {
    // The request is stored and stays PaymentPending; admins see it, and the submitted page says so.
    console.error(`[requests] card payment of ${created.reference} could not be started`, err);
    return { reference: created.reference, next: submittedPageUrl(created.reference) };
  }
}

import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { getEnv } from "@/lib/env";
import { paymentToken } from "@/lib/schemas/card-payment";
import type { OnboardingRequest } from "@/lib/schemas/onboarding-request";
import { AppError } from "@/lib/server/app-error";
import { ensurePaymentSecret } from "@/lib/server/payments/ensure-payment-secret";
import { paymentUrls } from "@/lib/server/payments/payment-urls";
import { startCardPayment } from "@/lib/server/payments/start-card-payment";
import { createOnboardingRequest, type CreatedOnboardingRequest } from "./create-onboarding-request";
import { findPendingCardRequest } from "./find-pending-card-request";

export interface SubmittedOnboardingRequest {
  /** The client's reference: the main contact signs in with it. */
  reference: string;
  /** Where the browser goes next: Stripe Checkout's page, or the submitted page. */
  next: string;
}

/** Namespace of the advisory lock that serialises card requests of one company and contact (any fixed number). */
const CARD_REQUEST_LOCK = 727_402;

/** The onboarding-request-submitted page of a request (absolute, for machine callers too). */
export function submittedPageUrl(reference: string): string {
  const url = new URL("/requests/identity-verification/submitted", getEnv().APP_URL);
  url.searchParams.set("reference", reference);
  return url.toString();
}

/**
 * A card request, unless the same one (same company name, trimmed, any case, and same main contact
 * email) is already waiting for its payment: then no second client is made and the answer is a 409
 * `requestAlreadyStarted` whose `continueUrl` is that request's "saved, not paid" page, which offers
 * to pay it and shows nothing else of it (never its reference or individuals). The look-up and the
 * insert hold a lock on the company and contact, so two identical submissions racing make one client.
 */
async function createCardRequest(db: Db, input: OnboardingRequest, meta: { ip?: string; userAgent?: string }): Promise<CreatedOnboardingRequest> {
  const key = `${input.company.name.trim().toLowerCase()}\n${input.mainContactEmail.trim().toLowerCase()}`;
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CARD_REQUEST_LOCK}, hashtext(${key}))`);
    const pending = await findPendingCardRequest(tx, { companyName: input.company.name, mainContactEmail: input.mainContactEmail });
    if (pending) return { continueUrl: paymentUrls.continue(paymentToken(pending.id, await ensurePaymentSecret(tx, pending))) };
    // Inside the lock's transaction (its own becomes a savepoint), so the lock holds until it commits.
    return { created: await createOnboardingRequest({ db: tx as unknown as Db, input, meta }) };
  });
  if ("continueUrl" in outcome) throw new AppError("conflict", "requestAlreadyStarted", { continueUrl: outcome.continueUrl });
  return outcome.created;
}

/**
 * Stores an onboarding request (createOnboardingRequest), then, for card payment, opens its Stripe
 * Checkout Session. The payment is started only once the request has committed: if Stripe fails,
 * the request is still there, `next` is the submitted page offering another attempt, and the
 * failure is audited by the payment code. A card request repeated while the first waits for its
 * payment makes no second client (see createCardRequest). The caller has passed the bot check.
 */
export async function submitOnboardingRequest({ db, input, meta }: { db: Db; input: OnboardingRequest; meta: { ip?: string; userAgent?: string } }): Promise<SubmittedOnboardingRequest> {
  if (input.journey !== "PayByCard") {
    const created = await createOnboardingRequest({ db, input, meta });
    return { reference: created.reference, next: submittedPageUrl(created.reference) };
  }
  const created = await createCardRequest(db, input, meta);
  try {
    const { url } = await startCardPayment({ db, clientId: created.clientId });
    return { reference: created.reference, next: url };
  } catch (err) {
    // The request is stored and stays PaymentPending; admins see it, and the submitted page says so.
    console.error(`[requests] card payment of ${created.reference} could not be started`, err);
    return { reference: created.reference, next: submittedPageUrl(created.reference) };
  }
}

import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db";
import { clients, directors } from "@/db/schema";
import { hashToken } from "@/lib/auth/tokens";
import { recordSecurityEvent } from "@/lib/auth/record-security-event";
import { UNKNOWN_ADDRESS } from "@/lib/client-address";
import { getEnv } from "@/lib/env";
import { getLwdb, type LwdbRecord } from "@/lib/integrations/lwdb";
import { paymentToken } from "@/lib/schemas/card-payment";
import type { OnboardingRequest } from "@/lib/schemas/onboarding-request";
import { AppError } from "@/lib/server/app-error";
import { assertRequestCompanyOnRegister } from "@/lib/server/companies-house/lookup-request-company";
import { assertLwdbLookupAllowed } from "@/lib/server/lwdb/find-lwdb-record";
import { ensurePaymentSecret } from "@/lib/server/payments/ensure-payment-secret";
import { paymentUrls } from "@/lib/server/payments/payment-urls";
import { startCardPayment } from "@/lib/server/payments/start-card-payment";
import { hitRateLimit } from "@/lib/server/rate-limit/hit-rate-limit";
import { createOnboardingRequest, type CreatedOnboardingRequest } from "./create-onboarding-request";
import { findPendingCardRequest } from "./find-pending-card-request";
import { log } from "@/lib/log";

export interface SubmittedOnboardingRequest {
  /** The client's reference: the main contact signs in with it. */
  reference: string;
  /** Where the browser goes next: Stripe Checkout's page, or the submitted page. */
  next: string;
}

/**
 * Requests allowed from one client address, and for one main contact email, in their windows
 * (counted after the bot check and the body's validation, accepted or not). A company files one
 * request and perhaps corrects it; a burst from one address or for one mailbox is a script. The
 * per-address figure is the REQUESTS_PER_ADDRESS setting, 10 unless configured.
 */
export const REQUESTS_PER_ADDRESS = 10;
export const REQUESTS_PER_ADDRESS_WINDOW_SECONDS = 10 * 60;
export const REQUESTS_PER_CONTACT_EMAIL = 5;
export const REQUESTS_PER_CONTACT_EMAIL_WINDOW_SECONDS = 60 * 60;
/** A request for the same company from the same main contact within this long is the same request. */
export const SAME_REQUEST_WITHIN_HOURS = 24;

/** Namespace of the advisory lock that serialises requests of one company and contact (any fixed number). */
const REQUEST_LOCK = 727_402;
/** Namespace of the advisory lock that serialises requests carrying one idempotency key. */
const IDEMPOTENCY_LOCK = 727_403;

/** The onboarding-request-submitted page of a request (absolute, for machine callers too); `held`: the invitations wait for staff. */
export function submittedPageUrl(reference: string, { held = false }: { held?: boolean } = {}): string {
  const url = new URL("/requests/identity-verification/submitted", getEnv().APP_URL);
  url.searchParams.set("reference", reference);
  if (held) url.searchParams.set("held", "1");
  return url.toString();
}

type Meta = { ip?: string; userAgent?: string };

/** Counts the request against its address's and its contact email's limits: 429 with Retry-After over either. */
async function assertWithinLimits(db: Db, input: OnboardingRequest, meta: Meta, now: Date): Promise<void> {
  const ip = meta.ip ?? UNKNOWN_ADDRESS;
  const email = input.mainContactEmail.trim().toLowerCase();
  const byAddress = await hitRateLimit(db, `request:ip:${ip}`, getEnv().REQUESTS_PER_ADDRESS, REQUESTS_PER_ADDRESS_WINDOW_SECONDS, now);
  const byEmail = await hitRateLimit(db, `request:email:${hashToken(email)}`, REQUESTS_PER_CONTACT_EMAIL, REQUESTS_PER_CONTACT_EMAIL_WINDOW_SECONDS, now);
  if (byAddress.allowed && byEmail.allowed) return;
  await recordSecurityEvent(db, { event: "RateLimited", actor: email, ip, userAgent: meta.userAgent ?? "", detail: { limit: byAddress.allowed ? "contact email" : "ip", form: "onboarding-request" } });
  throw new AppError("rate_limited", "rate_limited", {
    retryAfterSeconds: Math.max(byAddress.allowed ? 0 : byAddress.retryAfterSeconds, byEmail.allowed ? 0 : byEmail.retryAfterSeconds),
  });
}

/**
 * The existing customer an Existing request's customer code names (with that company name), or a
 * 400 on the customer code. Each check counts against the same per-address limit as the prefill's
 * look-up (/api/lwdb-record), so the request is no oracle for customer codes.
 */
async function existingCustomer(db: Db, input: OnboardingRequest, meta: Meta, now: Date): Promise<LwdbRecord> {
  await assertLwdbLookupAllowed({ db, ip: meta.ip ?? UNKNOWN_ADDRESS, userAgent: meta.userAgent ?? "", form: "onboarding-request", now });
  const record = await getLwdb(db).find({ name: input.company.name, customerCode: input.customerCode ?? "" });
  if (!record) throw new AppError("bad_request", "validation", { fields: { customerCode: ["customerCodeUnknown"] } });
  return record;
}

/**
 * Whether the individuals' invitations wait for staff (HOLD_REQUEST_INVITATIONS, on by default):
 * a request by invoice always (anyone may file one, billed later), and an existing customer's
 * request unless its main contact email is the one on the customer's record (any case). A card
 * request's invitations wait for its payment instead.
 */
function holdsInvitations(input: OnboardingRequest, customer: LwdbRecord | null): boolean {
  if (!getEnv().HOLD_REQUEST_INVITATIONS || input.journey === "PayByCard") return false;
  if (input.journey === "PayByInvoice") return true;
  const onRecord = customer?.mainContactEmail?.trim().toLowerCase();
  return !onRecord || onRecord !== input.mainContactEmail.trim().toLowerCase();
}

type Outcome =
  | { created: CreatedOnboardingRequest }
  | { replay: { id: number; reference: string; journey: OnboardingRequest["journey"] } }
  | { continueUrl: string }
  | { duplicate: true };

/** The client an earlier sending of this request (same idempotency key) made, or a 409 when the key came with another contact's request. */
async function earlierSending(tx: Tx, input: OnboardingRequest) {
  if (!input.idempotencyKey) return null;
  const [client] = await tx
    .select({ id: clients.id, reference: clients.reference, journey: clients.journey, mainContactEmail: clients.mainContactEmail })
    .from(clients)
    .where(eq(clients.idempotencyKey, input.idempotencyKey))
    .limit(1);
  if (!client) return null;
  if (client.mainContactEmail.toLowerCase() !== input.mainContactEmail.trim().toLowerCase()) throw new AppError("conflict", "idempotencyKeyReused");
  return client;
}

/** Whether a request (not an unpaid card one, which has its own answer) for this company from this contact arrived within the last day. */
async function sameRequestToday(tx: Tx, input: OnboardingRequest): Promise<boolean> {
  const [row] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        sql`lower(${clients.mainContactEmail}) = lower(${input.mainContactEmail.trim()})`,
        sql`lower(btrim(${clients.name})) = lower(${input.company.name.trim()})`,
        sql`${clients.createdAt} > now() - make_interval(hours => ${SAME_REQUEST_WITHIN_HOURS})`,
        sql`not (${clients.journey} = 'PayByCard' and ${clients.status} = 'PaymentPending')`,
        eq(clients.isDeleted, false),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Decides, under locks on the idempotency key and on the company and contact (so two identical
 * submissions racing are taken one after the other, and the second sees the first), whether the
 * request is one already received, and otherwise stores it:
 * - the same idempotency key as an earlier request: that request (the caller answers as it did);
 * - a card request while the same one (company name trimmed, any case, and contact email) waits for
 *   its payment: that request's "saved, not paid" link (a 409 `requestAlreadyStarted`, which offers
 *   to pay it and shows nothing else of it, never its reference or individuals);
 * - another journey, when a request for the same company from the same contact arrived within the
 *   last day: a 409 `requestAlreadyReceived` (never the other request's reference).
 */
async function storeOnce(db: Db, input: OnboardingRequest, customer: LwdbRecord | null, hold: boolean, meta: Meta): Promise<Outcome> {
  const key = `${input.company.name.trim().toLowerCase()}\n${input.mainContactEmail.trim().toLowerCase()}`;
  return db.transaction(async (tx): Promise<Outcome> => {
    if (input.idempotencyKey) await tx.execute(sql`select pg_advisory_xact_lock(${IDEMPOTENCY_LOCK}, hashtext(${input.idempotencyKey}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${REQUEST_LOCK}, hashtext(${key}))`);
    const earlier = await earlierSending(tx, input);
    if (earlier) return { replay: earlier };
    if (input.journey === "PayByCard") {
      const pending = await findPendingCardRequest(tx, { companyName: input.company.name, mainContactEmail: input.mainContactEmail });
      if (pending) return { continueUrl: paymentUrls.continue(paymentToken(pending.id, await ensurePaymentSecret(tx, pending))) };
    } else if (await sameRequestToday(tx, input)) {
      return { duplicate: true };
    }
    // Inside the locks' transaction (its own becomes a savepoint), so the locks hold until it commits.
    return { created: await createOnboardingRequest({ db: tx as unknown as Db, input, customer, holdInvitations: hold, meta }) };
  });
}

/** Whether some live individual of the client is not invited yet (its invitations wait for staff). */
async function invitationsWaiting(db: Db, clientId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: directors.id })
    .from(directors)
    .where(and(eq(directors.clientId, clientId), eq(directors.isDeleted, false), isNull(directors.invitedAt)))
    .limit(1);
  return Boolean(row);
}

/** Where a card request goes next: Checkout (the open session again, for a repeat), or the submitted page when Stripe fails. */
async function cardNext(db: Db, clientId: number, reference: string): Promise<string> {
  try {
    return (await startCardPayment({ db, clientId })).url;
  } catch (err) {
    // The request is stored and stays PaymentPending; admins see it, and the submitted page says so.
    log.error({ err, reference }, `[requests] card payment of ${reference} could not be started`);
    return submittedPageUrl(reference);
  }
}

/**
 * Files an onboarding request from the public request page or a machine caller that has passed the
 * bot check. In order:
 * 1. the rate limits: per client address and per main contact email (429 with Retry-After);
 * 2. an Existing request's customer code, against the provider's records, counted against the
 *    customer look-up's own per-address limit;
 * 3. the company number at Companies House: one the register does not have, or a dissolved or
 *    closed company, is a 400 on `company.companyId`; a register that does not answer at once
 *    changes nothing (assertRequestCompanyOnRegister);
 * 4. under locks, whether it was received already (see storeOnce): the same idempotency key answers
 *    what the first sending answered (200, same reference and next page) and makes nothing; the same
 *    company and contact within a day is a 409;
 * 5. otherwise the request is stored (createOnboardingRequest), its invitations held for staff when
 *    HOLD_REQUEST_INVITATIONS says so, and, for card payment, its Stripe Checkout Session opened once
 *    it has committed: if Stripe fails, the request is still there, `next` is the submitted page
 *    offering another attempt, and the failure is audited by the payment code.
 */
export async function submitOnboardingRequest({ db, input, meta, now = new Date() }: { db: Db; input: OnboardingRequest; meta: Meta; now?: Date }): Promise<SubmittedOnboardingRequest> {
  await assertWithinLimits(db, input, meta, now);
  const customer = input.journey === "Existing" ? await existingCustomer(db, input, meta, now) : null;
  await assertRequestCompanyOnRegister({ companyNumber: input.company.companyId });
  const outcome = await storeOnce(db, input, customer, holdsInvitations(input, customer), meta);

  if ("continueUrl" in outcome) throw new AppError("conflict", "requestAlreadyStarted", { continueUrl: outcome.continueUrl });
  if ("duplicate" in outcome) throw new AppError("conflict", "requestAlreadyReceived");
  if ("replay" in outcome) {
    const { id, reference, journey } = outcome.replay;
    if (journey === "PayByCard") return { reference, next: await cardNext(db, id, reference) };
    return { reference, next: submittedPageUrl(reference, { held: await invitationsWaiting(db, id) }) };
  }
  const { created } = outcome;
  if (created.journey !== "PayByCard") return { reference: created.reference, next: submittedPageUrl(created.reference, { held: created.held }) };
  return { reference: created.reference, next: await cardNext(db, created.clientId, created.reference) };
}

import "server-only";
import Stripe from "stripe";
import { describeEventIssues, stripeEventSchema } from "./event-schema";
import {
  PaymentProviderError,
  WebhookPayloadError,
  WebhookSignatureError,
  type CheckoutPaymentStatus,
  type CheckoutSession,
  type CheckoutStatus,
  type NewCheckoutSession,
  type PaymentEvent,
  type PaymentProvider,
  type StripeConfig,
} from "./types";

/** Webhooks older than this (seconds) are refused, so a captured request cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

// Stripe may add values to these enumerations in later API versions. An unknown status reads as
// none, and an unknown payment status as unpaid: nothing is ever taken as paid by accident.
const STATUSES: readonly string[] = ["open", "complete", "expired"] satisfies CheckoutStatus[];
const PAYMENT_STATUSES: readonly string[] = ["paid", "unpaid", "no_payment_required"] satisfies CheckoutPaymentStatus[];

/** Our view of Stripe's Checkout Session object (from an API answer or an event). */
export function toCheckoutSession(s: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: s.id,
    url: s.url ?? null,
    status: s.status && STATUSES.includes(s.status) ? (s.status as CheckoutStatus) : null,
    paymentStatus: PAYMENT_STATUSES.includes(s.payment_status) ? (s.payment_status as CheckoutPaymentStatus) : "unpaid",
    amountTotal: s.amount_total ?? null,
    currency: s.currency ?? null,
    clientReference: s.client_reference_id ?? null,
    customerEmail: s.customer_details?.email ?? s.customer_email ?? null,
    metadata: { ...(s.metadata ?? {}) },
    expiresAt: new Date(s.expires_at * 1000),
    created: new Date(s.created * 1000),
    paymentIntentId: typeof s.payment_intent === "string" ? s.payment_intent : (s.payment_intent?.id ?? null),
  };
}

/** Maps the SDK's error classes to ours; anything else is passed through unchanged. */
function mapError(e: unknown): unknown {
  if (!(e instanceof Stripe.errors.StripeError)) return e;
  const details = { code: e.code, param: e.param, requestId: e.requestId, statusCode: e.statusCode };
  const kind =
    e instanceof Stripe.errors.StripeAuthenticationError || e instanceof Stripe.errors.StripePermissionError ? "authentication"
    : e instanceof Stripe.errors.StripeIdempotencyError ? "idempotency"
    : e instanceof Stripe.errors.StripeRateLimitError ? "rate_limit"
    : e instanceof Stripe.errors.StripeConnectionError ? "connection"
    : e instanceof Stripe.errors.StripeInvalidRequestError ? (e.statusCode === 404 || e.code === "resource_missing" ? "not_found" : "invalid_request")
    : "api";
  return new PaymentProviderError(kind, `Stripe: ${e.message}`, details, { cause: e });
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw mapError(e);
  }
}

/**
 * The Stripe adapter on the official SDK. `config` says where the API is (api.stripe.com, or the
 * local simulator in development and tests) and which keys to use.
 */
export function createStripeAdapter(config: StripeConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    host: config.host,
    port: config.port,
    protocol: config.protocol,
    // Network failures are retried by the SDK with the same idempotency key, so they cannot
    // create a second session.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: "director-verification-portal" },
  });

  return {
    async createCheckoutSession(input: NewCheckoutSession) {
      const sum = input.lineItems.reduce((total, i) => total + i.unitAmountPence * i.quantity, 0);
      if (input.lineItems.some((i) => !Number.isInteger(i.unitAmountPence) || i.unitAmountPence < 0 || !Number.isInteger(i.quantity) || i.quantity < 1)) {
        throw new PaymentProviderError("invalid_request", "Checkout line items need whole, non-negative pence and a quantity of at least 1");
      }
      if (sum !== input.amountDuePence) {
        throw new PaymentProviderError("invalid_request", `Checkout line items add up to ${sum} pence, not the ${input.amountDuePence} pence due`);
      }
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: "payment",
            client_reference_id: input.clientReference,
            customer_email: input.customerEmail,
            line_items: input.lineItems.map((i) => ({
              quantity: i.quantity,
              price_data: { currency: input.currency, unit_amount: i.unitAmountPence, product_data: { name: i.name } },
            })),
            metadata: { ...input.metadata, clientReference: input.clientReference },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      // Stripe works the total out itself; a different figure means the request was not what we meant.
      if (session.amount_total !== input.amountDuePence || session.currency !== input.currency) {
        throw new PaymentProviderError(
          "unexpected_response",
          `Stripe created session ${session.id} for ${session.amount_total} ${session.currency}, not ${input.amountDuePence} ${input.currency}`,
        );
      }
      return toCheckoutSession(session);
    },

    async retrieveCheckoutSession(id: string) {
      return toCheckoutSession(await call(() => stripe.checkout.sessions.retrieve(id)));
    },

    async expireCheckoutSession(id: string) {
      return toCheckoutSession(await call(() => stripe.checkout.sessions.expire(id)));
    },

    verifyWebhook(rawBody, signatureHeader, receivedAt) {
      if (!signatureHeader) throw new WebhookSignatureError("missing", "No Stripe-Signature header");
      const payload = typeof rawBody === "string" ? rawBody : rawBody.toString("utf8");
      let event: Stripe.Event;
      // Two checks so the reason is known without reading the SDK's messages: first the signature
      // alone (tolerance 0 skips the age check), then the same with the 300-second window.
      try {
        event = stripe.webhooks.constructEvent(payload, signatureHeader, config.webhookSecret, 0);
      } catch (e) {
        throw new WebhookSignatureError("invalid", "The Stripe-Signature does not match the body", { cause: e });
      }
      try {
        stripe.webhooks.constructEvent(payload, signatureHeader, config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, undefined, (receivedAt ?? new Date()).getTime());
      } catch (e) {
        throw new WebhookSignatureError("stale", `The Stripe-Signature is older than ${WEBHOOK_TOLERANCE_SECONDS} seconds`, { cause: e });
      }
      // Signed, so Stripe's: but only a body of the expected shape is acted on (400 otherwise).
      const parsed = stripeEventSchema.safeParse(event);
      if (!parsed.success) throw new WebhookPayloadError(`The signed Stripe event is malformed: ${describeEventIssues(parsed.error)}`);
      const object = event.data?.object as { object?: unknown } | undefined;
      return {
        id: event.id,
        type: event.type,
        created: new Date(event.created * 1000),
        livemode: event.livemode,
        checkoutSession: str(object?.object) === "checkout.session" ? toCheckoutSession(object as Stripe.Checkout.Session) : null,
      } satisfies PaymentEvent;
    },
  };
}

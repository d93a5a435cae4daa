/**
 * What the portal needs from Stripe: a hosted Checkout page for one card payment, reading that
 * payment's state back, ending it early, and trusting the webhooks Stripe sends about it. Amounts are
 * integer pence. The real adapter is the official `stripe` SDK; in development and tests it is
 * pointed at the local simulator, which speaks the same wire protocol.
 */

/** The resolved Stripe configuration (see lib/env.ts). */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends API calls: api.stripe.com:443 over https unless STRIPE_API_BASE says otherwise. */
  host: string;
  port: number;
  protocol: "http" | "https";
  /** True when the development keys are in use, i.e. the portal talks to the local simulator. */
  simulator: boolean;
}

export interface CheckoutLineItem {
  /** Shown to the payer on the Checkout page. */
  name: string;
  /** Integer pence, at least 0. */
  unitAmountPence: number;
  /** At least 1. */
  quantity: number;
}

export interface NewCheckoutSession {
  /** The client's reference: Stripe's `client_reference_id`, and how an event is matched to a client. */
  clientReference: string;
  lineItems: CheckoutLineItem[];
  /**
   * What the client owes, in pence. Must equal the sum of the line items: the adapter refuses a
   * mismatch before calling Stripe, and checks Stripe's `amount_total` against it after.
   */
  amountDuePence: number;
  currency: "gbp";
  customerEmail?: string;
  /** Absolute URL; `{CHECKOUT_SESSION_ID}` in it is replaced by Stripe with the session id. */
  successUrl: string;
  cancelUrl: string;
  /** At most 50 keys of at most 40 characters; values at most 500 characters. */
  metadata?: Record<string, string>;
  /**
   * Same key and same request: Stripe answers with the first session instead of creating a second.
   * Use one key per client and payment attempt.
   */
  idempotencyKey: string;
}

export type CheckoutStatus = "open" | "complete" | "expired";
export type CheckoutPaymentStatus = "paid" | "unpaid" | "no_payment_required";

export interface CheckoutSession {
  id: string;
  /** The hosted payment page; null once the session is complete or expired. */
  url: string | null;
  status: CheckoutStatus | null;
  paymentStatus: CheckoutPaymentStatus;
  /** Pence. */
  amountTotal: number | null;
  currency: string | null;
  clientReference: string | null;
  customerEmail: string | null;
  metadata: Record<string, string>;
  expiresAt: Date;
  created: Date;
  /** The PaymentIntent id once paid (for support look-ups in Stripe's dashboard). */
  paymentIntentId: string | null;
}

/** A verified webhook event. `checkoutSession` is set for checkout.session.* events. */
export interface PaymentEvent {
  id: string;
  /** e.g. "checkout.session.completed", "checkout.session.expired". */
  type: string;
  created: Date;
  livemode: boolean;
  checkoutSession: CheckoutSession | null;
}

export interface PaymentProvider {
  createCheckoutSession(input: NewCheckoutSession): Promise<CheckoutSession>;
  /** Throws PaymentProviderError with kind "not_found" for an unknown id. */
  retrieveCheckoutSession(id: string): Promise<CheckoutSession>;
  /** Ends an open session so it can no longer be paid (Stripe then sends checkout.session.expired). */
  expireCheckoutSession(id: string): Promise<CheckoutSession>;
  /**
   * Checks a webhook's `Stripe-Signature` against the raw request body (the exact bytes received)
   * and returns the event. Throws WebhookSignatureError when the signature is missing, wrong, or
   * older than 300 seconds. `receivedAt` is for tests; it defaults to now.
   */
  verifyWebhook(rawBody: string | Buffer, signatureHeader: string | null | undefined, receivedAt?: Date): PaymentEvent;
}

export type PaymentProviderErrorKind =
  | "authentication"
  | "invalid_request"
  | "not_found"
  | "idempotency"
  | "rate_limit"
  | "connection"
  | "api"
  | "unexpected_response";

/** A failed call to Stripe, classified so callers can decide between retrying and giving up. */
export class PaymentProviderError extends Error {
  constructor(
    public readonly kind: PaymentProviderErrorKind,
    message: string,
    public readonly details: { code?: string; param?: string; requestId?: string; statusCode?: number } = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "PaymentProviderError";
  }

  /** Worth trying again later (with the same idempotency key): a network, rate-limit or Stripe-side failure. */
  get retryable(): boolean {
    return this.kind === "connection" || this.kind === "rate_limit" || this.kind === "api";
  }
}

/** A webhook that must not be trusted: answer 400 and change nothing. */
export class WebhookSignatureError extends Error {
  constructor(public readonly reason: "missing" | "invalid" | "stale", message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "WebhookSignatureError";
  }
}

/**
 * A correctly signed webhook whose body is not an event the portal can read (a null or missing id,
 * a session without its times, text PostgreSQL would refuse, …): answer 400 and change nothing.
 */
export class WebhookPayloadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "WebhookPayloadError";
  }
}

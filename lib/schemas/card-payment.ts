import { object, regex, string, type infer as Infer } from "zod/mini";
import { trimmedText } from "./fields";

/**
 * Another attempt at a card payment: the client's reference and its payment credential, as the
 * submitted page and the payment page hold them (POST /api/requests/identity-verification/payment).
 */
export const retryCardPaymentSchema = object({
  reference: trimmedText(40).check(regex(/^[A-Za-z0-9-]+$/, "reference")),
  secret: string().check(regex(/^[A-Za-z0-9_-]{20,100}$/, "invalidValue")),
});

export type RetryCardPaymentInput = Infer<typeof retryCardPaymentSchema>;

/**
 * The payment token of a card request: the client's id and its payment credential, `<id>.<secret>`.
 * It is what Stripe's cancel address, the payment page and the "continue" answer to a repeated
 * request carry, so a payer can pay without ever being shown the request's reference (a sign-in
 * factor). It allows paying that request and nothing else.
 */
const PAYMENT_TOKEN = /^([1-9]\d{0,11})\.([A-Za-z0-9_-]{20,100})$/;

export const paymentTokenSchema = string().check(regex(PAYMENT_TOKEN, "invalidValue"));

/** "Pay now" with a payment token (POST /api/requests/identity-verification/continue). */
export const payNowSchema = object({ token: paymentTokenSchema });

export type PayNowInput = Infer<typeof payNowSchema>;

export function paymentToken(clientId: number, secret: string): string {
  return `${clientId}.${secret}`;
}

/** The parts of a payment token, or null when it is not one. */
export function splitPaymentToken(token: string): { clientId: number; secret: string } | null {
  const m = PAYMENT_TOKEN.exec(token);
  return m ? { clientId: Number(m[1]), secret: m[2]! } : null;
}

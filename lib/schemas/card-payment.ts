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

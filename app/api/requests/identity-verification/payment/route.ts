import { route } from "@/lib/route";
import { retryCardPaymentSchema } from "@/lib/schemas/card-payment";
import { retryCardPayment } from "@/lib/server/payments/retry-card-payment";

/**
 * Another attempt at paying by card: `{ reference, secret }` (the client's payment credential, held
 * by the submitted page, the payment page and the new-link email) → `{ url }` of the Checkout page,
 * or of the payment page when already paid. Wrong pair: 404; Stripe failing: 503; too many tries: 429.
 */
export const POST = route({ auth: "public", body: retryCardPaymentSchema, maxBytes: 2048 }, async ({ db, body, meta }) => {
  return retryCardPayment({ db, input: body, ...meta });
});

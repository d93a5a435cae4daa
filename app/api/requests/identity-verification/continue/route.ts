import { route } from "@/lib/route";
import { payNowSchema } from "@/lib/schemas/card-payment";
import { payNowByToken } from "@/lib/server/payments/pay-now-by-token";

/**
 * "Pay now" for a request saved but not paid: `{ token }` (the payment token of the "saved, not
 * paid" page and the payment page) → `{ url }` of a new Checkout page (the open one is expired), or
 * of the payment page when already paid. Wrong token: 404; Stripe failing: 503; too many tries: 429.
 */
export const POST = route({ auth: "public", body: payNowSchema, maxBytes: 2048 }, async ({ db, body, meta }) => {
  return payNowByToken({ db, input: body, ...meta });
});

import { getStripe, WebhookPayloadError, WebhookSignatureError } from "@/lib/integrations/stripe";
import { route } from "@/lib/route";
import { AppError } from "@/lib/server/app-error";
import { handleStripeEvent } from "@/lib/server/payments/handle-stripe-event";
import { log } from "@/lib/log";

/**
 * Stripe's webhook endpoint. The signature is checked over the exact bytes received, within 300
 * seconds; a missing, wrong or stale one is a 400 that changes nothing. So is a signed body that is
 * not a well-formed event (lib/integrations/stripe/event-schema.ts: e.g. a null id), logged in one
 * line without its values. A verified event is handled
 * at most once and answered 200 (also when it is a redelivery or of a type the portal ignores), so
 * Stripe stops retrying; a failure while handling it is a 5xx, and Stripe delivers it again.
 */
export const POST = route(
  {
    auth: "signature",
    maxBytes: 512 * 1024,
    verify: (raw, request) => {
      try {
        return getStripe().verifyWebhook(Buffer.from(raw.bytes), request.headers.get("stripe-signature"));
      } catch (e) {
        if (e instanceof WebhookSignatureError) throw new AppError("bad_request", "bad_signature");
        if (e instanceof WebhookPayloadError) {
          log.warn(`[stripe webhook] refused: ${e.message}`);
          throw new AppError("bad_request", "invalid_event");
        }
        throw e;
      }
    },
  },
  async ({ db, verified }) => {
    const outcome = await handleStripeEvent({ db, event: verified });
    return { received: true, outcome };
  },
);

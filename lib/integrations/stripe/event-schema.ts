import { z } from "zod";
import { isSingleLineText } from "@/lib/schemas/text";

/*
 * The body of a Stripe webhook event as the portal reads it, checked after the signature and before
 * anything is done with it. A correctly signed body is Stripe's own, so a failure here means a
 * malformed or unexpected event (or a leaked signing secret): it is answered 400 and nothing is
 * stored. Only what the portal reads is checked; anything else Stripe sends is let through.
 *
 * Every string that may reach the database (the event id, the session id, the client reference, the
 * metadata, written into audit entries) is single-line text without NUL, control characters or
 * lone surrogates, which PostgreSQL refuses; times and amounts are bounded integers, so a date or a
 * sum built from them is always valid.
 */

/** Latest accepted unix time: the last second of the year 9999. */
const MAX_UNIX_SECONDS = 253_402_300_799;

const text = (max: number) => z.string().max(max).refine(isSingleLineText);
const id = text(255).min(1);
const unixSeconds = z.number().int().min(0).max(MAX_UNIX_SECONDS);

/** A Checkout Session object inside an event (`data.object` when its `object` is "checkout.session"). */
export const checkoutSessionObjectSchema = z.looseObject({
  object: z.literal("checkout.session"),
  id,
  url: z.string().max(4096).nullish(),
  status: text(50).nullish(),
  payment_status: text(50),
  amount_total: z.number().int().min(0).max(2_147_483_647).nullish(),
  currency: text(10).nullish(),
  client_reference_id: text(200).nullish(),
  customer_email: text(254).nullish(),
  customer_details: z.looseObject({ email: text(254).nullish() }).nullish(),
  // Stripe allows 50 keys of up to 40 characters, values of up to 500.
  metadata: z
    .record(text(40), text(500))
    .refine((m) => Object.keys(m).length <= 50)
    .nullish(),
  expires_at: unixSeconds,
  created: unixSeconds,
  payment_intent: z.union([id, z.looseObject({ id })]).nullish(),
});

/** A Stripe event: its id, type, time, mode and `data.object` (checked further when it is a Checkout Session). */
export const stripeEventSchema = z
  .looseObject({
    id,
    type: text(255).min(1),
    created: unixSeconds,
    livemode: z.boolean(),
    data: z.looseObject({ object: z.looseObject({ object: z.string().optional() }) }),
  })
  .superRefine((event, ctx) => {
    if (event.data.object.object !== "checkout.session") return;
    const session = checkoutSessionObjectSchema.safeParse(event.data.object);
    if (!session.success) for (const issue of session.error.issues) ctx.addIssue({ ...issue, path: ["data", "object", ...issue.path] } as never);
  });

export type StripeEventBody = z.infer<typeof stripeEventSchema>;

/** Where a body failed, for the log: paths and codes only, never the values. */
export function describeEventIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join(".") || "(body)"}: ${i.code}`)
    .join("; ");
}

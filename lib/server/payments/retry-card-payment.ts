import "server-only";
import { timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { clients } from "@/db/schema";
import type { RetryCardPaymentInput } from "@/lib/schemas/card-payment";
import { AppError } from "@/lib/server/app-error";
import { hitRateLimit } from "@/lib/server/rate-limit/hit-rate-limit";
import { maskReference, recordSecurityEvent } from "@/lib/auth/record-security-event";
import { normalizeReference } from "@/lib/references";
import { beginCardPayment } from "./begin-card-payment";

export const retryLimits = { perIp: 10, windowSeconds: 15 * 60 };

function sameSecret(given: string, expected: string | null): boolean {
  if (!expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Another attempt at paying by card, for a visitor who holds the client's reference and payment
 * credential (from the submitted page, the payment page or the new-link email). Anything that does
 * not match a card-paying client is a 404, whatever the reason, so the route reveals nothing about
 * which references exist; tries are limited per caller address. A client that has paid is sent to
 * its payment page instead of Stripe. When Stripe fails again the answer is 503, and the visitor
 * can try later.
 */
export async function retryCardPayment({ db, input, ip, userAgent }: { db: Db; input: RetryCardPaymentInput; ip: string; userAgent: string }): Promise<{ url: string }> {
  const limit = await hitRateLimit(db, `card-retry:ip:${ip}`, retryLimits.perIp, retryLimits.windowSeconds);
  if (!limit.allowed) {
    await recordSecurityEvent(db, { event: "RateLimited", actor: maskReference(normalizeReference(input.reference)), ip, userAgent, detail: { limit: "ip", form: "card-payment-retry" } });
    throw new AppError("rate_limited", "rate_limited", { retryAfterSeconds: limit.retryAfterSeconds });
  }
  const [client] = await db
    .select({ id: clients.id, secret: clients.paymentSessionSecret })
    .from(clients)
    .where(and(eq(clients.reference, normalizeReference(input.reference)), eq(clients.journey, "PayByCard"), eq(clients.isDeleted, false)));
  if (!client || !sameSecret(input.secret, client.secret)) throw new AppError("not_found");
  const start = await beginCardPayment({ db, clientId: client.id });
  if (!start.ok) throw new AppError("unavailable", "payment_unavailable");
  return { url: start.url };
}

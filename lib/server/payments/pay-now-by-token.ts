import "server-only";
import type { Db } from "@/db";
import { recordSecurityEvent } from "@/lib/auth/record-security-event";
import type { PayNowInput } from "@/lib/schemas/card-payment";
import { AppError } from "@/lib/server/app-error";
import { hitRateLimit } from "@/lib/server/rate-limit/hit-rate-limit";
import { beginCardPayment } from "./begin-card-payment";
import { findTokenClient } from "./find-token-client";

export const payNowLimits = { perIp: 10, windowSeconds: 15 * 60 };

/**
 * "Pay now" on the pages a payment token opens (the "saved, not paid" page and the payment page):
 * a new Checkout Session for that client, the open one expired at Stripe, so only the newest page
 * can be paid. A token that matches no card-paying client is a 404, whatever the reason; tries are
 * limited per caller address. A client that has paid is sent to its payment page instead of Stripe;
 * Stripe failing is a 503 and the button can be pressed again.
 */
export async function payNowByToken({ db, input, ip, userAgent }: { db: Db; input: PayNowInput; ip: string; userAgent: string }): Promise<{ url: string }> {
  const limit = await hitRateLimit(db, `card-pay-now:ip:${ip}`, payNowLimits.perIp, payNowLimits.windowSeconds);
  if (!limit.allowed) {
    await recordSecurityEvent(db, { event: "RateLimited", actor: "payment-token", ip, userAgent, detail: { limit: "ip", form: "card-pay-now" } });
    throw new AppError("rate_limited", "rate_limited", { retryAfterSeconds: limit.retryAfterSeconds });
  }
  const client = await findTokenClient(db, input.token);
  if (!client) throw new AppError("not_found");
  const start = await beginCardPayment({ db, clientId: client.id, replaceOpen: true });
  if (!start.ok) throw new AppError("unavailable", "payment_unavailable");
  return { url: start.url };
}

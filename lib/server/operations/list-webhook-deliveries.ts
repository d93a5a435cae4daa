import "server-only";
import { desc, gt } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { webhookDeliveries, type WebhookDelivery } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";

/**
 * Webhook deliveries of the last 24 hours whose signature held (db/schema/operations.ts), newest
 * first, at most `limit`. Admins only.
 */
export async function listWebhookDeliveries({ db, user, now = new Date(), limit = 100 }: { db: DbOrTx; user: Principal; now?: Date; limit?: number }): Promise<WebhookDelivery[]> {
  if (!can(user.type, "admin.operations")) throw new AppError("forbidden");
  const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  return db
    .select()
    .from(webhookDeliveries)
    .where(gt(webhookDeliveries.receivedAt, since))
    .orderBy(desc(webhookDeliveries.receivedAt), desc(webhookDeliveries.id))
    .limit(Math.max(1, Math.min(limit, 1000)));
}

import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { log } from "@/lib/log";

export interface WebhookDeliveryRow {
  provider: string;
  eventType?: string;
  outcome: "accepted" | "refused" | "failed";
  status: number;
}

/**
 * Stores one webhook delivery whose signature held, for the operator's page, and deletes the
 * provider's deliveries older than 7 days in the same statement. Never throws: a delivery is
 * answered the same whether or not its record could be written (it is logged instead).
 */
export async function saveWebhookDelivery(db: Db, delivery: WebhookDeliveryRow): Promise<void> {
  try {
    await db.execute(sql`
      with pruned as (
        delete from webhook_deliveries where provider = ${delivery.provider} and received_at < now() - interval '7 days'
      )
      insert into webhook_deliveries (provider, event_type, outcome, status) values (${delivery.provider}, ${delivery.eventType ?? null}, ${delivery.outcome}, ${delivery.status})`);
  } catch (err) {
    log.warn({ err }, `[operations] a ${delivery.provider} webhook delivery was not recorded: ${err instanceof Error ? err.message : String(err)}`);
  }
}

import type { DbOrTx } from "@/db";
import { notifications, type NewNotification } from "@/db/schema";

export type NotificationInput = Pick<NewNotification, "message" | "clientId" | "directorId" | "link" | "recipient" | "dedupeKey">;

/**
 * Creates a notification for admins (every admin when `recipient` is unset). Producers that may
 * run twice (jobs) pass a `dedupeKey`, so a retry does not notify twice.
 */
export async function createNotification(db: DbOrTx, input: NotificationInput): Promise<void> {
  await db.insert(notifications).values(input).onConflictDoNothing({ target: notifications.dedupeKey });
}

import "server-only";
import type { DbOrTx } from "@/db";
import { createNotification } from "./create-notification";

export interface NotifyAdminsInput {
  db: DbOrTx;
  /** Already translated text (use `translator()` from lib/i18n/translator). */
  message: string;
  clientId?: number | null;
  directorId?: number | null;
  /** Path inside the portal; defaults to the client's page when `clientId` is given. */
  link?: string | null;
  /** For producers that may run twice (jobs, webhooks): the same key never notifies twice. */
  dedupeKey?: string | null;
  /** One admin (users.id); omit to notify every admin. */
  recipient?: number | null;
}

/** The admin client page of a client. */
export function clientPageLink(clientId: number): string {
  return `/administration/client-management/${clientId}`;
}

/**
 * Notifies admins of an event (new request, payment received, verification completed or failed,
 * job errors). Pass the transaction of the change that causes it, so both commit together
 * (docs/security.md). They see it in the header bell and as a toast within 30 seconds.
 */
export async function notifyAdmins({ db, message, clientId, directorId, link, dedupeKey, recipient }: NotifyAdminsInput): Promise<void> {
  await createNotification(db, {
    message,
    clientId: clientId ?? null,
    directorId: directorId ?? null,
    link: link ?? (clientId ? clientPageLink(clientId) : null),
    recipient: recipient ?? null,
    dedupeKey: dedupeKey ?? null,
  });
}

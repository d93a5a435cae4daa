import "server-only";
import { and, count, eq, sql } from "drizzle-orm";
import type { Tx } from "@/db";
import { clients, directors, type ClientStatus } from "@/db/schema";
import type { RequestMeta } from "@/lib/http";
import { translator } from "@/lib/i18n/translator";
import { auditFieldChanges } from "@/lib/server/clients/audit-field-changes";
import { clientPageLink, notifyAdmins } from "@/lib/server/notifications/notify-admins";

/** Client statuses that move to InProgress once any of its directors starts. */
const NOT_STARTED: readonly ClientStatus[] = ["New", "Onboarding"];

/**
 * Moves a client's status along with its directors, inside the transaction of the director change
 * that may cause it:
 * - `Completed` when every live (not deleted) director is `Complete` (admins are notified);
 * - `InProgress` as soon as any director starts (`started`: the caller's director saved details,
 *   began the identity check, …) while the client is `New` or `Onboarding`, and again when a
 *   `Completed` client has a director who is not complete (one added later, or reopened).
 * `PaymentPending` is left alone: nothing moves before the payment.
 *
 * The client row is locked first, so two directors completing at the same moment are counted one
 * after the other and the second sees the first: the client cannot miss its completion.
 * Returns the new status, or null when it did not change.
 */
export async function refreshClientProgress(
  tx: Tx,
  { clientId, started, actor, at, meta }: { clientId: number; started: boolean; actor: string; at: Date; meta?: RequestMeta },
): Promise<ClientStatus | null> {
  const [client] = await tx
    .select({ id: clients.id, name: clients.name, reference: clients.reference, status: clients.status, isDeleted: clients.isDeleted })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for("update");
  if (!client || client.isDeleted || client.status === "PaymentPending") return null;

  const [tally] = await tx
    .select({ live: count(), complete: sql<number>`count(*) filter (where ${directors.status} = 'Complete')`.mapWith(Number) })
    .from(directors)
    .where(and(eq(directors.clientId, clientId), eq(directors.isDeleted, false)));
  const allComplete = !!tally && tally.live > 0 && tally.complete === tally.live;

  let next: ClientStatus | null = null;
  if (allComplete) next = client.status === "Completed" ? null : "Completed";
  else if (client.status === "Completed") next = "InProgress";
  else if (started && NOT_STARTED.includes(client.status)) next = "InProgress";
  if (!next) return null;

  await tx.update(clients).set({ status: next, updatedAt: at, updatedBy: actor }).where(eq(clients.id, clientId));
  await auditFieldChanges(tx, {
    auditType: "ClientModified",
    entityType: "Client",
    entityId: clientId,
    clientId,
    actor,
    at,
    changes: [{ field: "status", from: client.status, to: next }],
    meta,
  });
  if (next === "Completed") {
    await notifyAdmins({
      db: tx,
      message: translator()("notifications.clientCompleted", { name: client.name, reference: client.reference }),
      clientId,
      link: clientPageLink(clientId),
      dedupeKey: `client-completed:${clientId}:${at.toISOString()}`,
    });
  }
  return next;
}

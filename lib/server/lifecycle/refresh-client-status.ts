import "server-only";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/db";
import { clients, directors } from "@/db/schema";
import { nextClient, type ClientEvent } from "@/lib/domain/client-lifecycle";
import type { ClientStatus } from "@/lib/domain/values";
import type { RequestMeta } from "@/lib/http";
import { translator } from "@/lib/i18n/translator";
import { AppError } from "@/lib/server/app-error";
import { auditFieldChanges } from "@/lib/server/clients/audit-field-changes";
import { onClientCompleted } from "@/lib/server/clients/on-client-completed";
import { clientPageLink, notifyAdmins } from "@/lib/server/notifications/notify-admins";

interface Who {
  actor: string;
  at: Date;
  meta?: RequestMeta;
}

/**
 * The one writer of a client's status (lib/domain/client-lifecycle.ts), inside the transaction of
 * the change that may move it. The client row is locked first, so two directors completing at once
 * are counted one after the other and the second sees the first: the client cannot miss its
 * completion.
 *
 * - `event` given (paid, payment recorded, onboarding started or reverted): the machine's move, or
 *   a 400 naming the statuses allowed from here;
 * - then, always, the status its live directors imply (`directorsChanged`); `started` says the
 *   caller's change is a director starting (saving details, starting the check, ...).
 *
 * A change is written and audited; reaching `Completed` tells the admins and, for the Managed tier,
 * the main contact that every personal code is ready (onClientCompleted). Returns the new status, or
 * null when it did not change.
 */
export async function refreshClientStatus(
  tx: Tx,
  { clientId, started = false, event, ...who }: Who & { clientId: number; started?: boolean; event?: Exclude<ClientEvent, { type: "directorsChanged" }> },
): Promise<ClientStatus | null> {
  const [client] = await tx
    .select({ id: clients.id, name: clients.name, reference: clients.reference, status: clients.status, isDeleted: clients.isDeleted })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for("update");
  if (!client || client.isDeleted) return null;

  let status = client.status;
  if (event) {
    const moved = nextClient(status, event);
    if (!moved.ok) throw new AppError("bad_request", "statusMoveRefused", { fields: { status: ["statusMoveRefused"] }, allowed: moved.allowed });
    status = moved.to;
  }
  const live = await tx
    .select({ status: directors.status })
    .from(directors)
    .where(and(eq(directors.clientId, clientId), eq(directors.isDeleted, false)));
  const derived = nextClient(status, { type: "directorsChanged", directors: live.map((d) => d.status), started });
  if (derived.ok) status = derived.to;
  if (status === client.status) return null;

  await tx.update(clients).set({ status, updatedAt: who.at, updatedBy: who.actor }).where(eq(clients.id, clientId));
  await auditFieldChanges(tx, {
    clientId,
    actor: who.actor,
    at: who.at,
    changes: [{ field: "status", from: client.status, to: status, ...(event ? { extra: { event: event.type } } : {}) }],
    meta: who.meta,
  });
  if (status === "Completed") {
    await notifyAdmins({
      db: tx,
      message: translator()("notifications.clientCompleted", { name: client.name, reference: client.reference }),
      clientId,
      link: clientPageLink(clientId),
      dedupeKey: `client-completed:${clientId}:${who.at.toISOString()}`,
    });
    // Managed tier: the main contact is told every personal code is ready.
    await onClientCompleted(tx, { clientId, at: who.at });
  }
  return status;
}

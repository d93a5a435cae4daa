import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "@/db";
import { clients, directors } from "@/db/schema";
import { auditFieldChanges } from "./audit-field-changes";
import type { RequestMeta } from "@/lib/http";

/**
 * Keeps a client's `fullPrice` equal to the sum, over its directors that are not deleted, of each
 * director's price override or else the client's unit price. A client that has paid keeps the
 * amount it paid. A change is written and audited ("Changed fullPrice") in the caller's transaction.
 */
export async function recomputeFullPrice(tx: Tx, { clientId, actor, at, meta }: { clientId: number; actor: string; at: Date; meta?: RequestMeta }): Promise<void> {
  const [client] = await tx
    .select({ fullPrice: clients.fullPrice, paid: clients.paid, unitPrice: clients.unitPrice })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for("update");
  if (!client || client.paid || client.unitPrice === null) return;
  const [row] = await tx
    .select({ total: sql<number>`least(coalesce(sum(coalesce(${directors.priceOverride}, ${client.unitPrice}::int)), 0), 2147483647)::int` })
    .from(directors)
    .where(and(eq(directors.clientId, clientId), eq(directors.isDeleted, false)));
  const total = row?.total ?? 0;
  if (total === client.fullPrice) return;
  await tx.update(clients).set({ fullPrice: total, updatedAt: at, updatedBy: actor }).where(eq(clients.id, clientId));
  await auditFieldChanges(tx, {
    auditType: "ClientModified",
    entityType: "Client",
    entityId: clientId,
    clientId,
    actor,
    at,
    changes: [{ field: "fullPrice", from: client.fullPrice, to: total }],
    meta,
  });
}

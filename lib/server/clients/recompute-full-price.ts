import "server-only";
import { eq } from "drizzle-orm";
import type { Tx } from "@/db";
import { clients } from "@/db/schema";
import { auditFieldChanges } from "./audit-field-changes";
import { clientQuote } from "./client-quote";
import type { RequestMeta } from "@/lib/http";

/**
 * Keeps a client's `fullPrice` equal to the sum, over its directors that are not deleted, of each
 * director's price override or else the client's unit price (clientQuote, the amount charged before
 * VAT). A client that has paid keeps the amount it paid. A change is written and audited
 * ("Changed fullPrice") in the caller's transaction.
 */
export async function recomputeFullPrice(tx: Tx, { clientId, actor, at, meta }: { clientId: number; actor: string; at: Date; meta?: RequestMeta }): Promise<void> {
  const [client] = await tx
    .select({ id: clients.id, fullPrice: clients.fullPrice, paid: clients.paid, unitPrice: clients.unitPrice, standardUnitPrice: clients.standardUnitPrice, vatExempt: clients.vatExempt })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for("update");
  if (!client || client.paid || client.unitPrice === null) return;
  // The column is a 32-bit integer: a total beyond it is kept at its largest value.
  const total = Math.min((await clientQuote(tx, client)).fullPrice, 2_147_483_647);
  if (total === client.fullPrice) return;
  await tx.update(clients).set({ fullPrice: total, updatedAt: at, updatedBy: actor }).where(eq(clients.id, clientId));
  await auditFieldChanges(tx, {
    clientId,
    actor,
    at,
    changes: [{ field: "fullPrice", from: client.fullPrice, to: total }],
    meta,
  });
}

import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { clients, sessions, users } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { evaluatePatch, issuesToFieldErrors } from "@/lib/json-patch";
import { clientPatchFieldNames, clientPatchSpec } from "@/lib/schemas/client-patch";
import { AppError } from "@/lib/server/app-error";
import { auditFieldChanges, type FieldChange } from "./audit-field-changes";
import type { RequestMeta } from "@/lib/http";
import { recomputeFullPrice } from "./recompute-full-price";

/**
 * Applies a JSON Patch (lib/json-patch, allow-list lib/schemas/client-patch.ts) to a client, for
 * staff. In one transaction, with the row locked: validates every operation first (any problem is a
 * 400 that changes nothing), writes only the fields whose value changes, one `ClientModified` audit
 * entry per changed field, and `updatedAt` / `updatedBy`. A patch that changes nothing writes nothing.
 *
 * Side effects: a new main contact email ends the contact's sessions; a new unit price recomputes
 * `fullPrice` (unless paid); `paid` sets or clears `paidAt`.
 */
export async function patchClient({
  db,
  user,
  id,
  operations,
  meta,
}: {
  db: Db;
  user: Principal;
  id: number;
  operations: unknown;
  meta?: RequestMeta;
}): Promise<{ changed: string[] }> {
  if (!can(user.type, "admin.clients.update")) throw new AppError("forbidden");
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError("not_found");
  const actor = actorOf(user);

  return db.transaction(async (tx) => {
    const [client] = await tx.select().from(clients).where(eq(clients.id, id)).for("update");
    if (!client) throw new AppError("not_found");

    const result = evaluatePatch(operations, clientPatchSpec, client);
    if (!result.ok) {
      if (result.kind === "test_failed") throw new AppError("conflict", "conflict", { fields: issuesToFieldErrors(result.issues) });
      throw new AppError("bad_request", "validation", { fields: issuesToFieldErrors(result.issues) });
    }
    if (client.isDeleted) throw new AppError("conflict", "conflict", { deleted: true });

    const changes = { ...result.changes } as Record<string, unknown>;
    const fieldErrors: Record<string, string[]> = {};

    if ("owner" in changes && changes.owner !== null) {
      const [admin] = await tx
        .select({ email: users.email })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, String(changes.owner).toLowerCase()), eq(users.type, "Admin")))
        .limit(1);
      if (!admin) fieldErrors.owner = ["notAnAdmin"];
      else if (admin.email === client.owner) delete changes.owner;
      else changes.owner = admin.email;
    }
    if ("paid" in changes && client.journey === "PayByCard") fieldErrors.paid = ["paidByCard"];
    if (Object.keys(fieldErrors).length) throw new AppError("bad_request", "validation", { fields: fieldErrors });

    const fields = clientPatchFieldNames.filter((f) => Object.hasOwn(changes, f));
    if (!fields.length) return { changed: [] };

    const at = new Date();
    const set: Partial<typeof clients.$inferInsert> = { updatedAt: at, updatedBy: actor };
    for (const field of fields) (set as Record<string, unknown>)[field] = changes[field];
    if (fields.includes("paid")) set.paidAt = changes.paid ? at : null;
    await tx.update(clients).set(set).where(eq(clients.id, id));

    const audit: FieldChange[] = fields.map((field) => ({
      field,
      from: client[field as keyof typeof client],
      to: changes[field],
      ...(field === "paid" ? { extra: { paidAt: changes.paid ? at.toISOString() : null } } : {}),
    }));
    await auditFieldChanges(tx, { auditType: "ClientModified", entityType: "Client", entityId: id, clientId: id, actor, at, changes: audit, meta });

    if (fields.includes("mainContactEmail")) {
      await tx
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.clientId, id), eq(sessions.userType, "DV_CompanyContact"), isNull(sessions.revokedAt)));
    }
    if (fields.includes("unitPrice")) await recomputeFullPrice(tx, { clientId: id, actor, at, meta });
    return { changed: fields };
  });
}

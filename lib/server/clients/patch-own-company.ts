import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { clients } from "@/db/schema";
import { actorOf, type Principal } from "@/lib/auth/principal";
import type { RequestMeta } from "@/lib/http";
import { companyPatchFieldNames, companyPatchSpec } from "@/lib/schemas/company-patch";
import { AppError } from "@/lib/server/app-error";
import { evaluatePatchOrThrow } from "@/lib/server/staff-record";
import { ownClientId } from "@/lib/server/own-record";
import { auditFieldChanges } from "./audit-field-changes";

/**
 * Applies a company contact's JSON Patch to their own company (allow-list
 * lib/schemas/company-patch.ts: contact and billing fields only). The company is the caller's own,
 * from the session, never from the request. In one transaction with the row locked: every
 * operation is checked first (any problem is a 400 that changes nothing), only changed fields are
 * written, each audited as `ClientModified` by the contact.
 */
export async function patchOwnCompany({ db, user, operations, meta }: { db: Db; user: Principal; operations: unknown; meta?: RequestMeta }): Promise<{ changed: string[] }> {
  const id = ownClientId(user, "company.update");
  const actor = actorOf(user);
  return db.transaction(async (tx) => {
    const [client] = await tx.select().from(clients).where(eq(clients.id, id)).for("update");
    if (!client || client.isDeleted) throw new AppError("not_found");
    const result = evaluatePatchOrThrow(operations, companyPatchSpec, client);
    const fields = companyPatchFieldNames.filter((f) => Object.hasOwn(result.changes, f));
    if (!fields.length) return { changed: [] };
    const at = new Date();
    const set: Partial<typeof clients.$inferInsert> = { updatedAt: at, updatedBy: actor };
    for (const field of fields) (set as Record<string, unknown>)[field] = result.changes[field];
    await tx.update(clients).set(set).where(eq(clients.id, id));
    await auditFieldChanges(tx, {
      clientId: id,
      actor,
      at,
      changes: fields.map((field) => ({ field, from: client[field], to: result.changes[field] })),
      meta,
    });
    return { changed: fields };
  });
}

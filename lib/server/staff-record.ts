import "server-only";
import type { Db } from "@/db";
import { can, type Action } from "@/lib/auth/permissions";
import { actorOf, type Principal } from "@/lib/auth/principal";
import type { RequestMeta } from "@/lib/http";
import { evaluatePatch, issuesToFieldErrors, type PatchSpec } from "@/lib/json-patch";
import { AppError } from "./app-error";
import { auditedBy } from "./audit/write-audit";

/** What a staff function that changes one record by id is given. */
export interface StaffRecordInput {
  db: Db;
  user: Principal;
  id: number;
  meta?: RequestMeta;
}

/**
 * The first lines of every staff function that acts on one record: the caller's role must allow
 * `action` (else 403), the id must be one a record can have (else 404: it cannot exist). Answers the
 * actor to record in `updatedBy` and the audit entries.
 */
export function staffActor(user: Principal, action: Action, id: number): string {
  if (!can(user.type, action)) throw new AppError("forbidden");
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError("not_found");
  return actorOf(user);
}

/**
 * Evaluates a JSON Patch against a locked record: a failed `test` is a 409, any other problem a 400
 * naming every field, and a deleted record cannot be changed (409). Answers the evaluation's result.
 */
export function evaluatePatchOrThrow(operations: unknown, spec: PatchSpec, record: Readonly<Record<string, unknown>> & { isDeleted: boolean }) {
  const result = evaluatePatch(operations, spec, record);
  if (!result.ok) {
    if (result.kind === "test_failed") throw new AppError("conflict", "conflict", { fields: issuesToFieldErrors(result.issues) });
    throw new AppError("bad_request", "validation", { fields: issuesToFieldErrors(result.issues) });
  }
  if (record.isDeleted) throw new AppError("conflict", "conflict", { deleted: true });
  return result;
}

/** The columns a soft delete sets, on clients and directors alike. */
export function softDeleteValues(reason: string, actor: string, at: Date) {
  return { isDeleted: true, deleteReason: reason, deletedAt: at, deletedBy: actor, updatedAt: at, updatedBy: actor } as const;
}

/** The `ClientDeleted` / `DirectorDeleted` audit entry of a soft delete. */
export function softDeleteAudit(entity: { type: "Client" | "Director"; id: number; name: string; clientId: number; directorId?: number }, reason: string, actor: string, at: Date, meta?: RequestMeta) {
  return {
    action: `${entity.type} ${entity.name} deleted`,
    auditType: `${entity.type}Deleted` as const,
    entityType: entity.type,
    entityId: String(entity.id),
    ...auditedBy(actor, meta, at),
    oldValue: { isDeleted: false },
    newValue: { isDeleted: true, deleteReason: reason },
    clientId: entity.clientId,
    directorId: entity.directorId,
  };
}

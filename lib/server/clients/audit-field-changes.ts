import "server-only";
import type { DbOrTx } from "@/db";
import type { AuditType } from "@/db/schema";
import type { RequestMeta } from "@/lib/http";
import { writeAudit } from "@/lib/server/audit/write-audit";

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
  /** Extra members of the new value, e.g. the reason given with an override. */
  extra?: Record<string, unknown>;
}

/**
 * One audit entry per changed field ("Changed billingAddressCity", oldValue `{ field: old }`,
 * newValue `{ field: new }`). Call it with the transaction of the change.
 */
export async function auditFieldChanges(
  tx: DbOrTx,
  input: {
    auditType: Extract<AuditType, "ClientModified" | "DirectorModified">;
    entityType: "Client" | "Director";
    entityId: number;
    clientId: number;
    directorId?: number;
    actor: string;
    at: Date;
    changes: readonly FieldChange[];
    meta?: RequestMeta;
  },
): Promise<void> {
  for (const change of input.changes) {
    await writeAudit(tx, {
      action: `Changed ${change.field}`,
      auditType: input.auditType,
      entityType: input.entityType,
      entityId: String(input.entityId),
      user: input.actor,
      ip: input.meta?.ip ?? null,
      userAgent: input.meta?.userAgent ?? null,
      updatedAt: input.at,
      oldValue: { [change.field]: toJson(change.from) },
      newValue: { [change.field]: toJson(change.to), ...change.extra },
      clientId: input.clientId,
      directorId: input.directorId ?? null,
    });
  }
}

function toJson(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
}

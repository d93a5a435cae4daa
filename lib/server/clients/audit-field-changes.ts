import "server-only";
import type { DbOrTx } from "@/db";
import type { RequestMeta } from "@/lib/http";
import { auditedBy, onDirector, writeAudit } from "@/lib/server/audit/write-audit";

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
  /** Extra members of the new value, e.g. the reason given with an override. */
  extra?: Record<string, unknown>;
}

/**
 * One audit entry per changed field ("Changed billingAddressCity", oldValue `{ field: old }`,
 * newValue `{ field: new }`), filed under the director `directorId` (DirectorModified) or, without
 * one, the client (ClientModified). Call it with the transaction of the change.
 */
export async function auditFieldChanges(
  tx: DbOrTx,
  input: { clientId: number; directorId?: number; actor: string; at: Date; changes: readonly FieldChange[]; meta?: RequestMeta },
): Promise<void> {
  const { clientId, directorId } = input;
  const on =
    directorId === undefined
      ? { auditType: "ClientModified", entityType: "Client", entityId: String(clientId), clientId, directorId: null } as const
      : { auditType: "DirectorModified" as const, ...onDirector({ id: directorId, clientId }) };
  for (const change of input.changes) {
    await writeAudit(tx, {
      ...on,
      ...auditedBy(input.actor, input.meta, input.at),
      action: `Changed ${change.field}`,
      oldValue: { [change.field]: toJson(change.from) },
      newValue: { [change.field]: toJson(change.to), ...change.extra },
    });
  }
}

function toJson(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
}

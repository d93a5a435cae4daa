import "server-only";
import { and, eq, gte, inArray, lt, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db";
import { auditEntries } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { auditErrorTypes, type AuditQuery } from "@/lib/schemas/audit-query";
import { AppError } from "@/lib/server/app-error";
import type { Pager } from "@/lib/pager";
import { newestFirstPage } from "./newest-first";
import { nameAuditEntries, type NamedAuditEntry } from "./name-audit-entries";

export interface AuditPage {
  /** The entries, with the actor's and the entity's names when known (for their sentences). */
  entries: NamedAuditEntry[];
  pager: Pager;
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ZONE = "Europe/London";

/** Start of a day in UK time, or the instant itself. */
function lowerBound(value: string): SQL {
  return DAY_ONLY.test(value)
    ? gte(auditEntries.timestamp, sql`(${value}::date::timestamp at time zone ${ZONE})`)
    : gte(auditEntries.timestamp, sql`${value}::timestamptz`);
}

/** Up to the end of a day in UK time (exclusive of the next day), or up to the instant itself. */
function upperBound(value: string): SQL {
  return DAY_ONLY.test(value)
    ? lt(auditEntries.timestamp, sql`((${value}::date + 1)::timestamp at time zone ${ZONE})`)
    : lte(auditEntries.timestamp, sql`${value}::timestamptz`);
}

/** The conditions of an audit query (exported for the client and director audit trails). */
export function auditConditions(query: Partial<AuditQuery>): SQL | undefined {
  return and(
    query.auditType ? eq(auditEntries.auditType, query.auditType) : undefined,
    query.errorsOnly ? inArray(auditEntries.auditType, auditErrorTypes) : undefined,
    query.entityType ? eq(auditEntries.entityType, query.entityType) : undefined,
    query.entityId ? eq(auditEntries.entityId, query.entityId) : undefined,
    query.clientId ? eq(auditEntries.clientId, query.clientId) : undefined,
    query.directorId ? eq(auditEntries.directorId, query.directorId) : undefined,
    query.from ? lowerBound(query.from) : undefined,
    query.to ? upperBound(query.to) : undefined,
  );
}

/**
 * One page of the audit trail (GET /api/admin/audit, /administration/audit), newest first
 * (timestamp, then id, descending), filtered by type, errors, entity, client, director and date.
 */
export async function findAuditEntries({ db, user, query }: { db: Db; user: Principal; query: AuditQuery }): Promise<AuditPage> {
  if (!can(user.type, "admin.audit.read")) throw new AppError("forbidden");
  const where = auditConditions(query);
  const { rows: entries, pager } = await newestFirstPage(db, auditEntries, where, query);
  return { entries: await nameAuditEntries({ db, user, entries }), pager };
}

import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { auditEntries } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";
import { nameAuditEntries } from "./name-audit-entries";

/**
 * The newest audit entries as a plain list, optionally of one client or one director (their audit
 * trails), with the actor's and the entity's names when known. The audit area's paged and filtered
 * list is `findAuditEntries`.
 */
export async function listAuditEntries({
  db,
  user,
  limit = 50,
  clientId,
  directorId,
}: {
  db: Db;
  user: Principal;
  limit?: number;
  clientId?: number;
  directorId?: number;
}) {
  if (!can(user.type, "admin.audit.read")) throw new AppError("forbidden");
  const entries = await db
    .select()
    .from(auditEntries)
    .where(and(clientId !== undefined ? eq(auditEntries.clientId, clientId) : undefined, directorId !== undefined ? eq(auditEntries.directorId, directorId) : undefined))
    .orderBy(desc(auditEntries.timestamp), desc(auditEntries.id))
    .limit(Math.max(1, Math.min(limit, 200)));
  return nameAuditEntries({ db, user, entries });
}

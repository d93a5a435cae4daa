import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { clients } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";
import { auditTrailOf } from "@/lib/server/audit/newest-first";

/**
 * The audit trail of a client, newest first (at most `limit`, up to 500), for staff: the client's
 * own entries and those of its directors (every entry carrying its clientId).
 */
export async function listClientAudit({ db, user, id, limit = 200 }: { db: Db; user: Principal; id: number; limit?: number }) {
  if (!can(user.type, "admin.audit.read")) throw new AppError("forbidden");
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, id)).limit(1);
  if (!client) throw new AppError("not_found");
  return auditTrailOf(db, "clientId", id, limit);
}

import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { directors } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";
import { auditTrailOf } from "@/lib/server/audit/newest-first";

/** The audit trail of a director, newest first (at most `limit`, up to 500), for staff. */
export async function listDirectorAudit({ db, user, id, limit = 200 }: { db: Db; user: Principal; id: number; limit?: number }) {
  if (!can(user.type, "admin.audit.read")) throw new AppError("forbidden");
  const [director] = await db.select({ id: directors.id }).from(directors).where(eq(directors.id, id)).limit(1);
  if (!director) throw new AppError("not_found");
  return auditTrailOf(db, "directorId", id, limit);
}

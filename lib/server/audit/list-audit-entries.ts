import "server-only";
import { desc } from "drizzle-orm";
import type { Db } from "@/db";
import { auditEntries } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";

/** Audit entries, newest first. */
export async function listAuditEntries({ db, user, limit = 50 }: { db: Db; user: Principal; limit?: number }) {
  if (!can(user.type, "admin.audit.read")) throw new AppError("forbidden");
  return db.select().from(auditEntries).orderBy(desc(auditEntries.timestamp), desc(auditEntries.id)).limit(Math.min(limit, 200));
}

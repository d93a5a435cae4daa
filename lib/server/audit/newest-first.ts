import "server-only";
import { count, desc, eq, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/db";
import { auditEntries } from "@/db/schema";
import { pagerFor, type Pager } from "@/lib/pager";

/** An append-only log: audit entries, security events. */
type Log = PgTable & { timestamp: AnyPgColumn; id: AnyPgColumn };

/** One page of the rows of `log` that `where` chooses, newest first (timestamp, then id, descending), and its pager. */
export async function newestFirstPage<T extends Log>(db: Db, log: T, where: SQL | undefined, { page, pageSize }: { page: number; pageSize: number }): Promise<{ rows: T["$inferSelect"][]; pager: Pager }> {
  const [rows, [total]] = await Promise.all([
    db.select().from(log as PgTable).where(where).orderBy(desc(log.timestamp), desc(log.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: count() }).from(log as PgTable).where(where),
  ]);
  return { rows: rows as T["$inferSelect"][], pager: pagerFor(Number(total?.n ?? 0), page, pageSize) };
}

/** The audit trail of one client or director (`on`: clientId or directorId equal to `id`), newest first, at most `limit` (1 to 500). */
export function auditTrailOf(db: Db, on: "clientId" | "directorId", id: number, limit: number) {
  return db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries[on], id))
    .orderBy(desc(auditEntries.timestamp), desc(auditEntries.id))
    .limit(Math.max(1, Math.min(limit, 500)));
}

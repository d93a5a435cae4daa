import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/db/client";
import { auditRetentionMarkers } from "@/db/schema";
import { signMarker, type UnsignedMarker } from "@/lib/domain/audit-chain";

/**
 * Retention of security events: deletes up to `batchSize` of those older than `retentionDays` (the
 * oldest links first) and, in the same transaction, leaves a signed retention marker for each run
 * of consecutive links that went, so the chain still verifies across the gap (lib/domain/audit-chain.ts).
 * The deletion itself is prune_security_events() (migration 0037), which runs as the tables' owner:
 * the application's database role may not delete security events. Returns how many were deleted.
 *
 * For the scheduled clean-up (job `maintenance.prune-security-data`); no route calls it, so it
 * takes no principal. `secret` is AUTH_SECRET.
 */
export async function pruneSecurityEvents({
  db,
  secret,
  retentionDays,
  batchSize,
  now = new Date(),
}: {
  db: Db;
  secret: string;
  retentionDays: number;
  batchSize: number;
  now?: Date;
}): Promise<number> {
  return db.transaction(async (tx) => {
    const runs = rowsOf<{ first_seq: number | string; last_seq: number | string; last_hash: string; rows_deleted: number | string }>(
      await tx.execute(sql`select * from prune_security_events(now() - make_interval(days => ${retentionDays}), ${batchSize})`),
    );
    if (!runs.length) return 0;
    const markers = runs.map((r): UnsignedMarker => ({
      chain: "security_events",
      firstSeq: Number(r.first_seq),
      lastSeq: Number(r.last_seq),
      lastHash: r.last_hash,
      rowsDeleted: Number(r.rows_deleted),
      createdAt: now,
    }));
    await tx.insert(auditRetentionMarkers).values(markers.map((m) => ({ ...m, signature: signMarker(secret, m) })));
    return markers.reduce((n, m) => n + m.rowsDeleted, 0);
  });
}

import { asc, sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/db/client";
import { auditChainHeads, auditRetentionMarkers } from "@/db/schema";
import { ChainWalker, chainFields, chainNames, chainTimestampFields, type ChainBreak, type ChainName, type ChainRow, type RetentionMarker } from "@/lib/domain/audit-chain";

/** Rows read per query while walking a chain. */
const PAGE = 2_000;

/** The to_char format of migration 0037's audit_chain_time(): UTC, microseconds. */
const TIME_FORMAT = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

export interface ChainReport {
  verified: number;
  /** Rows retention removed, accounted for by signed markers. */
  removed: number;
}

export interface AuditTrailReport {
  intact: boolean;
  /** Rows verified over both chains. */
  verified: number;
  chains: Record<ChainName, ChainReport>;
  /** The first broken link found (audit entries are walked before security events). */
  broken: ChainBreak | null;
}

/** A field read as the canonical text takes it (see lib/domain/audit-chain.ts). */
function fieldSql(name: string): string {
  const column = `"${name}"`;
  return chainTimestampFields.has(name) ? `to_char(${column} at time zone 'UTC', ${TIME_FORMAT})` : `${column}::text`;
}

function selectList(chain: ChainName): string {
  return [
    `id::text as "row_id"`,
    `chain_seq as "row_seq"`,
    `prev_hash as "row_prev_hash"`,
    `hash as "row_hash"`,
    ...chainFields[chain].map((name) => `${fieldSql(name)} as "f_${name}"`),
  ].join(", ");
}

function toChainRow(chain: ChainName, r: Record<string, unknown>): ChainRow {
  const values: Record<string, string | null> = {};
  for (const name of chainFields[chain]) values[name] = (r[`f_${name}`] as string | null) ?? null;
  return {
    id: String(r.row_id),
    seq: r.row_seq === null || r.row_seq === undefined ? null : Number(r.row_seq),
    prevHash: (r.row_prev_hash as string | null) ?? null,
    hash: (r.row_hash as string | null) ?? null,
    timestamp: values.timestamp ?? null,
    values,
  };
}

async function walkChain(tx: Db, chain: ChainName, markers: readonly RetentionMarker[], head: { seq: number; hash: string } | null, secret: string) {
  const walker = new ChainWalker(chain, markers, secret);
  const table = sql.raw(`"${chain}"`);
  const columns = sql.raw(selectList(chain));
  let after = 0;
  while (!walker.result) {
    const page = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`select ${columns} from ${table} where chain_seq > ${after} order by chain_seq limit ${PAGE}`),
    ).map((r) => toChainRow(chain, r));
    for (const row of page) if (walker.push(row)) break;
    if (page.length < PAGE) break;
    after = page.at(-1)!.seq!;
  }
  if (!walker.finish(head)) {
    // Rows with no place at all in the chain (inserted while its trigger was off).
    const [unlinked] = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`select ${columns} from ${table} where chain_seq is null or hash is null order by id limit 1`),
    );
    if (unlinked) walker.push(toChainRow(chain, unlinked));
  }
  return walker;
}

/**
 * Walks the audit trail's two hash chains (audit entries, then security events) and reports the
 * first broken link, or that every link holds: each row's hash recomputed from its fields, each row
 * following from the one before it (or from a signed retention marker), and the newest row being
 * the chain's head. Reads one consistent snapshot, a page of rows at a time.
 *
 * For operators (`npm run audit:verify`) and the nightly check (job `audit.verify`); no route calls
 * it, so it takes no principal. `secret` is AUTH_SECRET, which signs the retention markers.
 */
export async function verifyAuditTrail({ db, secret }: { db: Db; secret: string }): Promise<AuditTrailReport> {
  return db.transaction(
    async (tx) => {
      const markers = (await tx.select().from(auditRetentionMarkers).orderBy(asc(auditRetentionMarkers.id))) as RetentionMarker[];
      const heads = new Map((await tx.select().from(auditChainHeads)).map((h) => [h.chain, { seq: Number(h.seq), hash: h.hash }]));
      const chains = {} as Record<ChainName, ChainReport>;
      let broken: ChainBreak | null = null;
      for (const chain of chainNames) {
        const walker = await walkChain(tx as unknown as Db, chain, markers, heads.get(chain) ?? null, secret);
        chains[chain] = { verified: walker.verified, removed: walker.removed };
        broken = walker.result;
        if (broken) break;
      }
      for (const chain of chainNames) chains[chain] ??= { verified: 0, removed: 0 };
      const verified = chainNames.reduce((n, c) => n + chains[c].verified, 0);
      return { intact: broken === null, verified, chains, broken };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

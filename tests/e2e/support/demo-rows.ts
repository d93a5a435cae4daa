import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../../../db/client";
import { demoClientReferences, demoDirectorReferences } from "../../../db/seed/demo";
import { demoLwdbRecords } from "../../../db/seed/lwdb-demo";

/*
 * The demo data as the end-to-end run found it: every row db/seed/demo*.ts wrote for the demo
 * clients and individuals (the clients, the directors, their address history, identity checks,
 * media, uploaded files and additions) and the existing-customer records, each with all its
 * columns. The global set-up takes it after seeding, the global teardown takes it again and fails
 * the run when anything differs: a spec changes only data it made itself (tests/e2e/support/seed.ts),
 * so the specs run in any order, side by side, against the same demo data.
 */

/** Each demo row's columns, keyed by table and a stable name ("directors:JW4T8KQM"). */
export type DemoRows = Map<string, Record<string, unknown>>;

const textArray = (values: readonly string[]) => sql`${`{${values.join(",")}}`}::text[]`;

export async function readDemoRows(db: Db): Promise<DemoRows> {
  const clientRefs = textArray(demoClientReferences);
  const directorRefs = textArray(demoDirectorReferences);
  const lwdbCodes = textArray(demoLwdbRecords.map((r) => r.customerCode));
  const ofDemoDirectors = (table: string) =>
    sql`select ${`${table}:`} || d.reference || ':' || x.id as key, to_jsonb(x) as row from ${sql.identifier(table)} x join directors d on d.id = x.director_id where d.reference = any(${directorRefs})`;
  const result = await db.execute(sql`
    select 'clients:' || c.reference as key, to_jsonb(c) as row from clients c where c.reference = any(${clientRefs})
    union all
    select 'directors:' || d.reference, to_jsonb(d) from directors d where d.reference = any(${directorRefs})
    union all ${ofDemoDirectors("director_addresses")}
    union all ${ofDemoDirectors("director_checks")}
    union all ${ofDemoDirectors("director_media")}
    union all ${ofDemoDirectors("director_files")}
    union all
    select 'director_additions:' || c.reference || ':' || x.id, to_jsonb(x) from director_additions x join clients c on c.id = x.client_id where c.reference = any(${clientRefs})
    union all
    select 'lwdb_records:' || l.customer_code, to_jsonb(l) from lwdb_records l where l.customer_code = any(${lwdbCodes})
  `);
  const rows = rowsOf<{ key: string; row: Record<string, unknown> | string }>(result);
  return new Map(rows.map((r) => [r.key, typeof r.row === "string" ? (JSON.parse(r.row) as Record<string, unknown>) : r.row]));
}

/** One hash of every row (for the run's log). */
export function demoChecksum(rows: DemoRows): string {
  const hash = createHash("sha256");
  for (const key of [...rows.keys()].sort()) hash.update(`${key}\n${JSON.stringify(rows.get(key))}\n`);
  return hash.digest("hex").slice(0, 16);
}

/** What differs between two readings, one line per row: added, removed, or the columns changed (before → after). */
export function demoDifferences(before: DemoRows, after: DemoRows): string[] {
  const lines: string[] = [];
  for (const key of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const was = before.get(key);
    const is = after.get(key);
    if (!was) lines.push(`${key}: added`);
    else if (!is) lines.push(`${key}: removed`);
    else {
      const columns = [...new Set([...Object.keys(was), ...Object.keys(is)])].filter((c) => JSON.stringify(was[c]) !== JSON.stringify(is[c]));
      if (columns.length) lines.push(`${key}: ${columns.map((c) => `${c} ${JSON.stringify(was[c])} → ${JSON.stringify(is[c])}`).join("; ")}`);
    }
  }
  return lines;
}

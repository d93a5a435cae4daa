import "server-only";
import { log } from "@/lib/log";

/**
 * Reads a table in batches by keyset pagination (`where id > last order by id limit n`): every
 * batch is one short indexed query, so an export of any size holds one batch in memory and never
 * keeps a transaction or a cursor open while the client downloads.
 */
export async function* keysetBatches<T extends { id: number }>(
  fetchAfter: (afterId: number, limit: number) => Promise<T[]>,
  batchSize: number,
): AsyncGenerator<T[]> {
  let after = 0;
  for (;;) {
    const rows = await fetchAfter(after, batchSize);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** `YYYY-MM-DD` of today in the portal's time zone, for file names. */
export function exportDate(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

export interface CsvExport {
  filename: string;
  stream: ReadableStream<Uint8Array>;
}

export function logExportError(what: string) {
  return (err: unknown) => log.error({ err }, `[export] ${what} failed mid-stream: ${err instanceof Error ? err.message : String(err)}`);
}

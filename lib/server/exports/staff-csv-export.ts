import "server-only";
import type { AnyColumn, SQL } from "drizzle-orm";
import { rowsOf, type Db } from "@/db/client";
import type { Principal } from "@/lib/auth/principal";
import { csvStream } from "@/lib/csv/csv";
import { cellFormatters, type CellKind } from "@/lib/csv/export-cells";
import { translator } from "@/lib/i18n/translator";
import { exportDate, keysetBatches, logExportError, type CsvExport } from "./keyset-batches";
import { isoTime, type ExportColumns } from "./select-list";

/** What a staff export (every client, every director) is asked with. */
export interface StaffExportOptions {
  db: Db;
  user: Principal;
  /** Deleted records too; without it, live ones only. */
  includeDeleted?: boolean;
  batchSize?: number;
  now?: Date;
}

export type ExportRow = Record<string, unknown> & { id: number };

/** What one staff export is made of; the reading, the words and the file are alike for all. */
export interface StaffExportSpec<K extends string> {
  /** Names the export in the log when the stream fails part way. */
  what: string;
  /** The file's name, given today's date (`YYYY-MM-DD`, exportDate). */
  filename: (date: string) => string;
  /** The rows' keys, in column order, and the header of each column. */
  keys: readonly K[];
  header: string[];
  kinds: Partial<Record<K, CellKind>>;
  labels: Partial<Record<K, Readonly<Record<string, string>>>>;
  /** The raw select of the rows after id `after` (at most `limit`, in id order). */
  query: (after: number, limit: number) => SQL;
  /** A column written otherwise than its kind says; `format` writes it as the kind says. */
  cell?: (row: ExportRow, key: K, format: (value: unknown) => unknown) => unknown;
}

/**
 * A staff export as a CSV stream: the rows read in keyset batches of `query` while the file
 * downloads, each value written as its column's kind says (amounts in pounds, yes/no in words,
 * labels), or as `cell` says.
 */
export function staffCsvExport<K extends string>(
  { db, batchSize = 1000, now = new Date() }: StaffExportOptions,
  spec: StaffExportSpec<K>,
): CsvExport {
  const batches = keysetBatches(
    async (after, limit) => rowsOf<ExportRow>(await db.execute(spec.query(after, limit))),
    batchSize,
  );
  const t = translator();
  const format = cellFormatters(spec.keys, spec.kinds, {
    words: { yes: t("exports.yes"), no: t("exports.no") },
    labels: spec.labels,
  });
  const cell = spec.cell ?? ((row, key, formatValue) => formatValue(row[key]));
  async function* rows() {
    for await (const batch of batches) {
      yield batch.map((row) => spec.keys.map((key, i) => cell(row, key, format[i]!)));
    }
  }
  return {
    filename: spec.filename(exportDate(now)),
    stream: csvStream(spec.header, rows(), { onError: logExportError(spec.what) }),
  };
}

type HistoryColumn =
  | "isDeleted"
  | "deleteReason"
  | "deletedAt"
  | "deletedBy"
  | "createdAt"
  | "createdBy"
  | "updatedAt"
  | "updatedBy";

/**
 * The columns both staff exports end with: the record's soft deletion, creation and last change
 * (who, and when as ISO 8601 UTC). `isDeleted` is yes/no in words (`recordHistoryKinds`).
 */
export function recordHistoryColumns<T extends Record<HistoryColumn, AnyColumn>>(table: T) {
  return {
    isDeleted: table.isDeleted,
    deleteReason: table.deleteReason,
    deletedAt: isoTime(table.deletedAt),
    deletedBy: table.deletedBy,
    createdAt: isoTime(table.createdAt),
    createdBy: table.createdBy,
    updatedAt: isoTime(table.updatedAt),
    updatedBy: table.updatedBy,
  } satisfies ExportColumns;
}

/** How the history columns that are not written as stored are written. */
export const recordHistoryKinds = { isDeleted: "yesNo" } as const;

/** The field names of an export's columns, in order (the rows' keys). */
export function exportKeys<C extends ExportColumns>(columns: C): (keyof C & string)[] {
  return Object.keys(columns) as (keyof C & string)[];
}

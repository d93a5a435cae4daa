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
 * (who, and when as ISO 8601 UTC). `isDeleted` is yes/no in words.
 */
function recordHistoryColumns(table: Record<HistoryColumn, AnyColumn>) {
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

/**
 * A staff export's columns, in file order: `own`, then the record history of `table`
 * (recordHistoryColumns); the field names of the columns, in order (the rows' keys); and how the
 * columns that are not written as stored are written (`kinds`, and the history's own).
 */
export function staffExportColumns<C extends ExportColumns>(
  table: Record<HistoryColumn, AnyColumn>,
  own: C,
  kinds: Partial<Record<NoInfer<keyof C & string>, CellKind>>,
) {
  const columns = { ...own, ...recordHistoryColumns(table) };
  type Key = keyof typeof columns & string;
  const allKinds: Partial<Record<Key, CellKind>> = { ...kinds, isDeleted: "yesNo" };
  return { columns, keys: Object.keys(columns) as Key[], kinds: allKinds };
}

import "server-only";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/** An export's columns: header → column or SQL expression, in file order. */
export type ExportColumns = Record<string, AnyColumn | SQL>;

/** `expr as "header", ...` for a raw select of these columns. */
export function selectList(columns: ExportColumns): SQL {
  return sql.join(
    Object.entries(columns).map(([alias, expr]) => sql`${expr} as ${sql.identifier(alias)}`),
    sql`, `,
  );
}

/**
 * A timestamptz column as ISO 8601 UTC text made by PostgreSQL (`2024-05-01T09:30:00.000Z`, the
 * same as `Date.toISOString()`): the export skips parsing each time into a Date and printing it
 * again, which was most of its CPU time at 100,000 rows.
 */
export function isoTime(column: AnyColumn): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A date column as `YYYY-MM-DD` text, whatever the driver would parse it into. */
export function dateText(column: AnyColumn): SQL {
  return sql`${column}::text`;
}

import "server-only";
import { eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { Tx } from "@/db";
import { AppError } from "@/lib/server/app-error";

type TableWithId = PgTable & { id: AnyPgColumn };
type ColumnOf<T extends TableWithId> = keyof T["$inferSelect"] & keyof T & string;

/**
 * The `columns` of the row of `table` with this `id`, locked until the transaction ends (FOR
 * UPDATE), so that whatever the caller decides from them still holds when it writes; none: 404.
 */
export async function lockRowById<T extends TableWithId, K extends ColumnOf<T>>(
  tx: Tx,
  table: T,
  id: number,
  columns: readonly K[],
): Promise<Pick<T["$inferSelect"], K>> {
  const fields = Object.fromEntries(columns.map((c) => [c, table[c]])) as SelectedFields;
  // Any table with an id: drizzle cannot type the rows of such a table, so they are typed here.
  const rows = await tx.select(fields).from(table as PgTable).where(eq(table.id, id)).for("update");
  const [row] = rows as Pick<T["$inferSelect"], K>[];
  if (!row) throw new AppError("not_found");
  return row;
}

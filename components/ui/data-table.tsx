import type { Key, ReactNode } from "react";
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableHead,
  TableRow,
  type TableProps,
} from "./table";

export interface DataColumn<R> {
  /** The column's header (translated), and the cell's name on narrow screens. */
  label: string;
  /** The cell's class: the same in every row, or chosen by the row (e.g. a failure in bold). */
  className?: string | ((row: R) => string | undefined);
  cell: (row: R) => ReactNode;
}

/** The names of a record's fields that can key its row (a string or number). */
export type KeyField<R> = { [F in keyof R]: R[F] extends Key ? F : never }[keyof R];

interface DataTableBaseProps<R> extends Omit<TableProps, "caption" | "children"> {
  /** What the table lists (translated). */
  caption: string;
  rows: readonly R[];
  columns: readonly DataColumn<R>[];
  /** Said in a row across every column when there are no rows; without it the body stays empty. */
  empty?: ReactNode;
}

/**
 * `rowKey`: the field that tells the records apart (the rows' React keys); `id` unless said
 * otherwise, for records that have one.
 */
export type DataTableProps<R> = DataTableBaseProps<R> &
  ([R] extends [{ id: Key }] ? { rowKey?: KeyField<R> } : { rowKey: KeyField<R> });

/**
 * A table of records with plain column headers: one column per entry of `columns`, one row per
 * record. The other props (variant, density, scroll…) go to `Table`.
 */
export function DataTable<R>({ rows, rowKey, columns, empty, ...table }: DataTableProps<R>) {
  const keyField = (rowKey ?? "id") as keyof R;
  return (
    <Table {...table}>
      <TableHead headers={columns.map((c) => c.label)} />
      <TableBody>
        {rows.length === 0 && empty ? (
          <TableEmptyRow colSpan={columns.length}>{empty}</TableEmptyRow>
        ) : null}
        {rows.map((row) => (
          <TableRow key={row[keyField] as Key}>
            {columns.map(({ label, className, cell }) => (
              <TableCell
                key={label}
                label={label}
                className={typeof className === "function" ? className(row) : className}
              >
                {cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

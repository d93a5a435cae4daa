import type { Key, ReactNode } from "react";
import { Table, TableBody, TableCell, TableHead, TableRow, type TableProps } from "./table";

export interface ListColumn<R> {
  /** The column's header, and the cell's name on narrow screens. */
  label: string;
  className?: string;
  cell: (row: R) => ReactNode;
}

export interface ListTableProps<R> {
  caption: string;
  rows: readonly R[];
  rowKey: (row: R, index: number) => Key;
  columns: readonly ListColumn<R>[];
  /** The sentence shown instead of the table when there are no rows. */
  empty: ReactNode;
  scroll: TableProps["scroll"];
}

/** A compact table of records, one column per entry of `columns`, or a sentence when there are none. */
export function ListTable<R>({ caption, rows, rowKey, columns, empty, scroll }: ListTableProps<R>) {
  if (!rows.length) return <p>{empty}</p>;
  return (
    <Table caption={caption} density="compact" scroll={scroll}>
      <TableHead headers={columns.map((c) => c.label)} />
      <TableBody>
        {rows.map((row, i) => (
          <TableRow key={rowKey(row, i)}>
            {columns.map((c) => (
              <TableCell key={c.label} label={c.label} className={c.className}>
                {c.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

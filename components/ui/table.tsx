import { useId, type ComponentPropsWithRef, type ReactNode } from "react";
import { cn } from "./cn";

/*
 * Table parts. Spacing is set once on the <table> and reaches its own cells through child
 * combinators (table > thead|tbody > tr > th|td), so a table nested in a cell of another (the
 * director panels inside the individuals table) keeps its own spacing. The rule sits in `:where()`,
 * so a cell's own padding class still wins. No context: the parts render in server and client
 * components alike.
 */

const VARIANTS = {
  /** Flush with the text around it: no left padding, room on the right. */
  plain: {
    normal: "[:where(&>*>tr>*)]:py-2 [:where(&>*>tr>*)]:pr-4",
    compact: "[:where(&>*>tr>*)]:py-1 [:where(&>*>tr>*)]:pr-3",
    /** The same spacing from 640 px up; below it the cards of globals.css space the cells. */
    cardsNormal: "sm:[:where(&>*>tr>*)]:py-2 sm:[:where(&>*>tr>*)]:pr-4",
    cardsCompact: "sm:[:where(&>*>tr>*)]:py-1 sm:[:where(&>*>tr>*)]:pr-3",
    box: "overflow-x-auto",
    head: "[:where(&>thead)]:border-b-2 [:where(&>thead)]:border-line",
    cardsHead: "sm:[:where(&>thead)]:border-b-2 sm:[:where(&>thead)]:border-line",
  },
  /** In a bordered box with a tinted header row. */
  boxed: {
    normal: "[:where(&>*>tr>*)]:px-3 [:where(&>*>tr>*)]:py-2",
    compact: "[:where(&>*>tr>*)]:px-3 [:where(&>*>tr>*)]:py-1",
    cardsNormal: "sm:[:where(&>*>tr>*)]:px-3 sm:[:where(&>*>tr>*)]:py-2",
    cardsCompact: "sm:[:where(&>*>tr>*)]:px-3 sm:[:where(&>*>tr>*)]:py-1",
    /** Below 640 px the cards are the boxes: no frame around them. */
    box: "relative overflow-x-auto rounded-md border border-line-soft",
    cardsBox: "relative overflow-x-auto sm:rounded-md sm:border sm:border-line-soft",
    head: "[:where(&>thead)]:border-b-2 [:where(&>thead)]:border-line [:where(&>thead)]:bg-navy-50",
    cardsHead: "sm:[:where(&>thead)]:border-b-2 sm:[:where(&>thead)]:border-line sm:[:where(&>thead)]:bg-navy-50",
  },
} as const;

export type TableVariant = keyof typeof VARIANTS;

export interface TableProps extends Omit<ComponentPropsWithRef<"table">, "children"> {
  /** What the table lists (translated). Names the table, and the scrolling region when there is one. */
  caption?: ReactNode;
  /** Show the caption above the table instead of only to screen readers. */
  showCaption?: boolean;
  /** Id of the caption (generated when not given); e.g. to name a live region elsewhere after it. */
  captionId?: string;
  variant?: TableVariant;
  density?: "normal" | "compact";
  /** Text size of the cells. */
  size?: "sm" | "md";
  /** `table-layout: fixed` (column widths from the header cells' classes). */
  fixed?: boolean;
  /**
   * Below 640 px: "cards" (the default) stacks each body row as a card, each cell under its column's
   * name (give every `TableCell` its `label`); "table" keeps the columns (and `scroll` decides).
   */
  narrow?: "cards" | "table";
  /**
   * How the table fits a screen narrower than its columns: "box" scrolls sideways inside its own
   * box; "region" does the same and makes the box a named, focusable region so keyboard users can
   * scroll it (needs a caption); "none" leaves it to the page. With cards, this is for 640 px and up.
   */
  scroll?: "none" | "box" | "region";
  /** Class of the scrolling box. */
  boxClassName?: string;
  children: ReactNode;
}

/*
 * Cards on phones (the CSS is `.table-cards` in app/globals.css). The usual responsive-table
 * choices, and why this one:
 * - `display: block` on table parts makes some browsers (Safari, older Chrome) drop the table from
 *   the accessibility tree. So every part states its role (table, rowgroup, row, columnheader,
 *   rowheader, cell) and screen readers keep a real table at every width: moving through a row,
 *   they hear each cell with its column header, from the header row, which on phones is hidden
 *   only visually (or shown, when it holds the sort buttons).
 * - The label a sighted reader needs beside each value comes from the cell's `data-label` (the
 *   column's own header text, passed as `label`) through `::before`, with an empty alternative
 *   text (`content: attr(data-label) / ""`). The label is thus drawn but not read a second time
 *   (the header already names the cell), and it is not in the cell's text: copying, searching and
 *   the cell's accessible name stay the value alone. Labels rendered as extra spans would have to
 *   be `aria-hidden` and would still change each cell's text content.
 * - Hiding columns or a second layout only for phones would hide data or duplicate it.
 */

/** A data table: caption, header, rows. Compose with the parts below. */
export function Table({
  caption,
  showCaption = false,
  captionId,
  variant = "plain",
  density = "normal",
  size = "sm",
  fixed = false,
  narrow = "cards",
  scroll = "box",
  boxClassName,
  className,
  children,
  ...rest
}: TableProps) {
  const generated = useId();
  const id = captionId ?? `table-caption-${generated.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const styles = VARIANTS[variant];
  const cards = narrow === "cards";
  const spacing = cards ? (density === "compact" ? styles.cardsCompact : styles.cardsNormal) : styles[density];
  const box = cards && variant === "boxed" ? VARIANTS.boxed.cardsBox : styles.box;
  const table = (
    <table
      role="table"
      {...rest}
      className={cn(
        "w-full border-collapse text-left",
        size === "sm" ? "text-sm" : "text-base",
        fixed && "table-fixed",
        spacing,
        cards ? styles.cardsHead : styles.head,
        cards && "table-cards",
        className,
      )}
    >
      {caption ? (
        <caption id={id} className={showCaption ? "mb-2 text-left font-semibold" : "sr-only"}>
          {caption}
        </caption>
      ) : null}
      {children}
    </table>
  );
  if (scroll === "none") return table;
  if (scroll === "region" && caption) {
    return (
      <div role="region" aria-labelledby={id} tabIndex={0} className={cn(box, boxClassName)}>
        {table}
      </div>
    );
  }
  return <div className={cn(box, boxClassName)}>{table}</div>;
}

export interface TableHeadProps extends ComponentPropsWithRef<"thead"> {
  /** Plain column headers (translated), for a header row with nothing else in it. */
  headers?: readonly string[];
}

/** The header row group (ruled off from the body by the table's variant): `headers`, or your own `TableHeadRow`. */
export function TableHead({ headers, children, ...rest }: TableHeadProps) {
  return (
    <thead role="rowgroup" {...rest}>
      {headers ? (
        <TableHeadRow>
          {headers.map((h) => (
            <TableHeader key={h}>{h}</TableHeader>
          ))}
        </TableHeadRow>
      ) : (
        children
      )}
    </thead>
  );
}

/** The row of column headers, inside `TableHead`. */
export function TableHeadRow(props: ComponentPropsWithRef<"tr">) {
  return <tr role="row" {...props} />;
}

export function TableBody(props: ComponentPropsWithRef<"tbody">) {
  return <tbody role="rowgroup" {...props} />;
}

/** A body row, ruled off from the next (on phones: a card). */
export function TableRow({ className, ...rest }: ComponentPropsWithRef<"tr">) {
  return <tr role="row" {...rest} className={cn("border-b border-line-soft", className)} />;
}

export interface TableCellProps extends ComponentPropsWithRef<"td"> {
  /**
   * The column's header text (translated), shown before the value when the row is a card (below
   * 640 px). Plain text only: it goes into `data-label`.
   */
  label?: string;
}

/** A data cell (top-aligned, so rows of different heights read across). */
export function TableCell({ label, className, ...rest }: TableCellProps) {
  return <td role="cell" data-label={label} {...rest} className={cn("align-top", className)} />;
}

/** The header cell of a row (`<th scope="row">`), e.g. the field name of a field-by-field diff. */
export function TableRowHeader({ label, className, ...rest }: ComponentPropsWithRef<"th"> & { label?: string }) {
  return <th scope="row" role="rowheader" data-label={label} {...rest} className={cn("text-left align-top font-normal", className)} />;
}

export type SortDirection = "asc" | "desc";

export interface ColumnSort {
  /** The column's current order; null when the table is sorted by another column. */
  direction: SortDirection | null;
  /** Sorts by this column (the caller decides the next direction). */
  onSort: () => void;
  /** What pressing does, read after the column's name (translated, e.g. "(sort ascending)"). */
  actionLabel: string;
}

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

export interface TableHeaderProps extends ComponentPropsWithRef<"th"> {
  /**
   * Makes the column sortable: the header holds a button and carries `aria-sort` ("none" while
   * another column sorts). Only from client components (it takes a function).
   */
  sort?: ColumnSort;
}

/** A column header (`<th scope="col">`), optionally sortable. */
export function TableHeader({ sort, className, children, ...rest }: TableHeaderProps) {
  if (!sort) {
    return (
      <th scope="col" role="columnheader" {...rest} className={cn("align-bottom font-semibold", className)}>
        {children}
      </th>
    );
  }
  const { direction, onSort, actionLabel } = sort;
  return (
    <th scope="col" role="columnheader" aria-sort={direction ? ARIA_SORT[direction] : "none"} {...rest} className={cn("align-bottom", className)}>
      <button
        type="button"
        onClick={onSort}
        className="inline-flex min-h-9 items-center gap-1 rounded-sm text-left font-semibold whitespace-nowrap text-navy-900 underline-offset-2 hover:underline"
      >
        {children}
        <svg aria-hidden="true" viewBox="0 0 12 16" className={cn("size-3 shrink-0", direction ? "text-navy-900" : "text-line")} fill="currentColor">
          {direction !== "desc" ? <path d="M6 1 11 7H1z" opacity={direction === "asc" ? 1 : 0.5} /> : null}
          {direction !== "asc" ? <path d="M6 15 1 9h10z" opacity={direction === "desc" ? 1 : 0.5} /> : null}
        </svg>
        <span className="sr-only">{actionLabel}</span>
      </button>
    </th>
  );
}

/** The row a table shows when it has nothing to list: one cell across every column. */
export function TableEmptyRow({ colSpan, children, className }: { colSpan: number; children: ReactNode; className?: string }) {
  return (
    <tr role="row">
      <td role="cell" colSpan={colSpan} className={cn("py-6 text-center text-ink-muted", className)}>
        {children}
      </td>
    </tr>
  );
}

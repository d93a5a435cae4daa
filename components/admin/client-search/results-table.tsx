import Link from "next/link";
import type { ReactNode } from "react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { OpeningMark } from "./opening-mark";
import { formatDate } from "@/lib/dates/format-date";
import { useMoney } from "@/lib/ui-helpers/use-money";
import { Skeleton } from "@/components/ui/skeleton";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, TableBody, TableCell, TableHead, TableHeadRow, TableRow } from "@/components/ui/table";
import type { SortDirection, SortKey, TableViewMode } from "@/lib/schemas/client-search-params";
import type { ClientSearchRow, IndividualSearchRow } from "@/lib/server/clients/search-clients";
import { PendingRows } from "./pending-rows";
import { SortableHeader } from "./sortable-header";

type Row = ClientSearchRow & Partial<IndividualSearchRow>;

interface Column {
  key: SortKey;
  /** Key under clientSearch.columns. */
  label: string;
  numeric?: boolean;
  cell: (row: Row) => ReactNode;
}

/** The columns of each view. Every column sorts (its key is one of the allowed sort keys). */
function useColumns(view: TableViewMode): Column[] {
  const t = useTranslations("clientSearch.table");
  const ts = useTranslations("statuses");
  const format = useFormatter();
  const locale = useLocale();
  const none = <span className="text-ink-muted">{t("none")}</span>;
  const money = useMoney(none);
  // The client's earliest verify-by date among people still to be verified; "Overdue" in words once passed.
  const deadline = (r: Row) =>
    r.nextVerifyBy ? (
      <>
        <time dateTime={r.nextVerifyBy}>{formatDate(r.nextVerifyBy, locale)}</time>
        {r.overdue ? <span className="ml-2 rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-900">{t("overdue")}</span> : null}
      </>
    ) : (
      none
    );
  const text = (v: string | null | undefined) => (v ? v : none);
  const day = (d: Date) => <time dateTime={d.toISOString()}>{format.dateTime(d, { dateStyle: "medium" })}</time>;
  // No prefetch: with it, every row in view (16 on a desktop screen) cost a client page's server render
  // (the detail layout's auth check and queries) on each view of the list, for the one an admin opens.
  const clientLink = (row: Row, label: ReactNode) => (
    <>
      <Link href={`/administration/client-management/${row.id}`} prefetch={false} className="font-semibold">
        {label}
        <OpeningMark />
      </Link>
      {row.isDeleted ? <span className="ml-2 rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-900">{t("deleted")}</span> : null}
    </>
  );

  const client: Column[] = [
    { key: "name", label: "name", cell: (r) => clientLink(r, r.name) },
    { key: "reference", label: "reference", cell: (r) => <span className="font-mono">{r.reference}</span> },
    { key: "companyId", label: "companyId", cell: (r) => text(r.companyId) },
    { key: "sageId", label: "sageId", cell: (r) => text(r.sageId) },
    { key: "mainContactEmail", label: "mainContactEmail", cell: (r) => r.mainContactEmail },
    { key: "status", label: "status", cell: (r) => <StatusBadge kind="client" status={r.status} /> },
    { key: "nextVerifyBy", label: "nextVerifyBy", cell: deadline },
    { key: "productTier", label: "productTier", cell: (r) => ts(`productTier.${r.productTier}`) },
    { key: "owner", label: "owner", cell: (r) => text(r.owner) },
    { key: "directorCount", label: "directorCount", numeric: true, cell: (r) => format.number(r.directorCount) },
    { key: "unitPrice", label: "unitPrice", numeric: true, cell: (r) => money(r.unitPrice) },
    { key: "fullPrice", label: "fullPrice", numeric: true, cell: (r) => money(r.fullPrice) },
    { key: "kantataReference", label: "kantataReference", cell: (r) => text(r.kantataReference) },
    { key: "inKantata", label: "inKantata", cell: (r) => t(r.inKantata ? "yes" : "no") },
    { key: "createdAt", label: "createdAt", cell: (r) => day(r.createdAt) },
    { key: "updatedAt", label: "updatedAt", cell: (r) => day(r.updatedAt) },
  ];
  if (view === "client") return client;

  const individualLink = (r: Row) => (
    <>
      <Link href={`/administration/client-management/${r.id}`} prefetch={false} className="font-semibold">
        {r.directorName}
        <OpeningMark />
      </Link>
      {r.directorIsDeleted ? <span className="ml-2 rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-900">{t("deleted")}</span> : null}
    </>
  );
  return [
    { key: "directorName", label: "directorName", cell: individualLink },
    { key: "directorEmail", label: "directorEmail", cell: (r) => r.directorEmail },
    { key: "directorReference", label: "directorReference", cell: (r) => <span className="font-mono">{r.directorReference}</span> },
    { key: "directorStatus", label: "directorStatus", cell: (r) => <StatusBadge kind="director" status={r.directorStatus!} /> },
    { key: "priceOverride", label: "priceOverride", numeric: true, cell: (r) => money(r.priceOverride) },
    { key: "idvNumber", label: "idvNumber", cell: (r) => text(r.idvNumber) },
    { key: "name", label: "client", cell: (r) => clientLink(r, r.name) },
    { key: "reference", label: "clientReference", cell: (r) => <span className="font-mono">{r.reference}</span> },
    { key: "status", label: "clientStatus", cell: (r) => <StatusBadge kind="client" status={r.status} /> },
    { key: "productTier", label: "productTier", cell: (r) => ts(`productTier.${r.productTier}`) },
    { key: "owner", label: "owner", cell: (r) => text(r.owner) },
    { key: "createdAt", label: "clientCreatedAt", cell: (r) => day(r.createdAt) },
  ];
}

function SkeletonRows({ columns, rows }: { columns: number; rows: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <TableRow key={i}>
          {Array.from({ length: columns }, (_, j) => (
            <TableCell key={j}>
              <Skeleton className={j === 0 ? "w-40" : "w-20"} />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

export interface ResultsTableProps {
  view: TableViewMode;
  rows: Row[];
  sortBy: SortKey;
  sortDirection: SortDirection;
  /** Id of the (screen-reader) caption: what the table lists and how it is sorted; names the scrolling region. */
  captionId: string;
}

/**
 * The results: one row per client or per individual; every header sorts. Scrolls sideways inside its
 * box when wider than the screen; below 640 px each result is a card (the sort buttons above them).
 */
export function ResultsTable({ view, rows, sortBy, sortDirection, captionId }: ResultsTableProps) {
  const t = useTranslations("clientSearch.table");
  const columns = useColumns(view);
  const sortLabel = columns.find((c) => c.key === sortBy)?.label ?? "createdAt";
  return (
    <Table
      variant="boxed"
      scroll="region"
      captionId={captionId}
      caption={t("caption", { view, column: t(`columns.${sortLabel}` as never), direction: sortDirection, overdueFirst: String(sortBy === "createdAt" && sortDirection === "desc") })}
    >
      <TableHead>
        <TableHeadRow>
          {columns.map((c) => (
            <SortableHeader key={`${c.key}-${c.label}`} sortKey={c.key} className={c.numeric ? "text-right" : undefined}>
              {t(`columns.${c.label}` as never)}
            </SortableHeader>
          ))}
        </TableHeadRow>
      </TableHead>
      <TableBody>
        <PendingRows skeleton={<SkeletonRows columns={columns.length} rows={Math.min(Math.max(rows.length, 3), 10)} />}>
          {rows.map((row) => (
            <TableRow key={row.tableRowId} className="hover:bg-navy-50">
              {columns.map((c) => (
                <TableCell
                  key={`${c.key}-${c.label}`}
                  label={t(`columns.${c.label}` as never)}
                  className={c.numeric ? "tabular-nums sm:text-right sm:whitespace-nowrap" : "sm:whitespace-nowrap"}
                >
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </PendingRows>
      </TableBody>
    </Table>
  );
}

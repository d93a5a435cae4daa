import { DataTable, type DataTableProps } from "@/components/ui/data-table";

/** One of the operator's tables: records in a bordered box with a tinted header row. */
export function OpsTable<R>(props: DataTableProps<R>) {
  return <DataTable {...props} variant="boxed" />;
}

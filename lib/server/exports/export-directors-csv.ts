import "server-only";
import { eq, sql } from "drizzle-orm";
import { clients, directors } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import { AppError } from "@/lib/server/app-error";
import { displayPersonalCode } from "@/lib/server/directors/personal-code-keys";
import { directorStatusValues, productTierValues } from "@/lib/domain/values";
import { translator } from "@/lib/i18n/translator";
import { directorExport } from "./director-columns";
import type { CsvExport } from "./keyset-batches";
import { selectList } from "./select-list";
import { staffCsvExport, type StaffExportOptions } from "./staff-csv-export";

/**
 * Directors (individuals) with their client's name, reference, sageId and tier as a CSV stream, in
 * id order, read in keyset batches while the file downloads:
 * - every director (GET /api/admin/export/director), or
 * - one client's directors (GET /api/admin/director-verification/clients/{id}/directors-export);
 *   an unknown client is a 404.
 * Deleted directors (and, in the full export, directors of deleted clients) only when `includeDeleted`.
 * Headers and values are in words (director-columns.ts).
 *
 * Rows are read with a plain select rather than the query builder: at 100,000 rows × 48 columns
 * the builder's per-value mapping costs more than the database (docs/speed.md: under 3 s).
 */
export async function exportDirectorsCsv(
  options: StaffExportOptions & { clientId?: number },
): Promise<CsvExport> {
  const { db, user, clientId, includeDeleted = false } = options;
  if (!can(user.type, "admin.export")) throw new AppError("forbidden");
  let filename = (date: string) => `individuals-${date}.csv`;
  if (clientId !== undefined) {
    const [client] = Number.isSafeInteger(clientId)
      ? await db.select({ reference: clients.reference }).from(clients).where(eq(clients.id, clientId)).limit(1)
      : [];
    if (!client) throw new AppError("not_found");
    filename = (date) => `${client.reference}-individuals-${date}.csv`;
  }

  const columns = selectList(directorExport.columns);
  const scope = sql.join(
    [
      clientId !== undefined ? sql`and ${directors.clientId} = ${clientId}` : undefined,
      includeDeleted ? undefined : sql`and not ${directors.isDeleted}`,
      includeDeleted || clientId !== undefined ? undefined : sql`and not ${clients.isDeleted}`,
    ].filter((part) => part !== undefined),
    sql` `,
  );
  const t = translator();
  const statusLabels = Object.fromEntries(directorStatusValues.map((v) => [v, t(`statuses.director.${v}`)]));
  return staffCsvExport(options, {
    what: "director export",
    filename,
    keys: directorExport.keys,
    header: directorExport.keys.map((key) => t(`exports.directorColumns.${key}`)),
    kinds: directorExport.kinds,
    labels: {
      clientProductTier: Object.fromEntries(productTierValues.map((v) => [v, t(`statuses.productTier.${v}`)])),
      status: statusLabels,
      statusOriginal: statusLabels,
      statusOverride: statusLabels,
    },
    query: (after, limit) => sql`
      select ${columns}
      from ${directors} join ${clients} on ${clients.id} = ${directors.clientId}
      where ${directors.id} > ${after} ${scope}
      order by ${directors.id} limit ${limit}`,
    cell: (row, key, format) => {
      if (key === "formerNames") {
        return Array.isArray(row.formerNames) ? row.formerNames.join("; ") : row.formerNames;
      }
      // Stored encrypted; the export is for staff, who see the code itself.
      if (key === "companiesHouseCode") {
        const companiesHouseCode = (row.companiesHouseCode as string | null) ?? null;
        return displayPersonalCode({ id: Number(row.id), companiesHouseCode });
      }
      return format(row[key]);
    },
  });
}

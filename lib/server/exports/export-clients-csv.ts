import "server-only";
import { sql } from "drizzle-orm";
import { clients } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import { AppError } from "@/lib/server/app-error";
import { clientStatusValues, journeyValues, productTierValues } from "@/lib/domain/values";
import { translator } from "@/lib/i18n/translator";
import { clientExport } from "./client-columns";
import type { CsvExport } from "./keyset-batches";
import { selectList } from "./select-list";
import { staffCsvExport, type StaffExportOptions } from "./staff-csv-export";

/**
 * Every client as a CSV stream (GET /api/admin/export/client), in id order, read in keyset batches
 * while the file downloads, with headers and values in words (client-columns.ts). Deleted clients
 * only when `includeDeleted`.
 */
export async function exportClientsCsv(options: StaffExportOptions): Promise<CsvExport> {
  if (!can(options.user.type, "admin.export")) throw new AppError("forbidden");
  const columns = selectList(clientExport.columns);
  const live = options.includeDeleted ? sql`` : sql`and not ${clients.isDeleted}`;
  const t = translator();
  return staffCsvExport(options, {
    what: "client export",
    filename: (date) => `clients-${date}.csv`,
    keys: clientExport.keys,
    header: clientExport.keys.map((key) => t(`exports.clientColumns.${key}`)),
    kinds: clientExport.kinds,
    labels: {
      status: Object.fromEntries(clientStatusValues.map((v) => [v, t(`statuses.client.${v}`)])),
      productTier: Object.fromEntries(productTierValues.map((v) => [v, t(`statuses.productTier.${v}`)])),
      journey: Object.fromEntries(journeyValues.map((v) => [v, t(`statuses.journey.${v}`)])),
    },
    query: (after, limit) => sql`
      select ${columns} from ${clients}
      where ${clients.id} > ${after} ${live}
      order by ${clients.id} limit ${limit}`,
  });
}

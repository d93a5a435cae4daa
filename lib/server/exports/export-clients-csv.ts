import "server-only";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/db/client";
import { clients } from "@/db/schema";
import { csvStream } from "@/lib/csv/csv";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";
import { cellFormatters } from "@/lib/csv/export-cells";
import { clientStatusValues, journeyValues, productTierValues } from "@/lib/domain/values";
import { translator } from "@/lib/i18n/translator";
import { clientExportColumns, clientExportKeys, clientExportKinds } from "./client-columns";
import { exportDate, keysetBatches, logExportError, type CsvExport } from "./keyset-batches";
import { selectList } from "./select-list";

type Row = Record<string, unknown> & { id: number };

/**
 * Every client as a CSV stream (GET /api/admin/export/client), in id order, read in keyset batches
 * while the file downloads, with headers and values in words (client-columns.ts). Deleted clients
 * only when `includeDeleted`.
 */
export async function exportClientsCsv({
  db,
  user,
  includeDeleted = false,
  batchSize = 1000,
  now = new Date(),
}: {
  db: Db;
  user: Principal;
  includeDeleted?: boolean;
  batchSize?: number;
  now?: Date;
}): Promise<CsvExport> {
  if (!can(user.type, "admin.export")) throw new AppError("forbidden");
  const columns = selectList(clientExportColumns);
  const batches = keysetBatches(
    async (after, limit) =>
      rowsOf<Row>(
        await db.execute(sql`
          select ${columns} from ${clients}
          where ${clients.id} > ${after} ${includeDeleted ? sql`` : sql`and not ${clients.isDeleted}`}
          order by ${clients.id} limit ${limit}`),
      ),
    batchSize,
  );
  const t = translator();
  const header = clientExportKeys.map((key) => t(`exports.clientColumns.${key}`));
  const format = cellFormatters(clientExportKeys, clientExportKinds, {
    words: { yes: t("exports.yes"), no: t("exports.no") },
    labels: {
      status: Object.fromEntries(clientStatusValues.map((v) => [v, t(`statuses.client.${v}`)])),
      productTier: Object.fromEntries(productTierValues.map((v) => [v, t(`statuses.productTier.${v}`)])),
      journey: Object.fromEntries(journeyValues.map((v) => [v, t(`statuses.journey.${v}`)])),
    },
  });
  async function* rows() {
    for await (const batch of batches) yield batch.map((row) => clientExportKeys.map((key, i) => format[i]!(row[key])));
  }
  return {
    filename: `clients-${exportDate(now)}.csv`,
    stream: csvStream(header, rows(), { onError: logExportError("client export") }),
  };
}

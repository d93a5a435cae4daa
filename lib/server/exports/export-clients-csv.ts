import "server-only";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/db/client";
import { clients } from "@/db/schema";
import { csvStream } from "@/lib/csv/csv";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";
import { clientExportColumns, clientExportHeader } from "./client-columns";
import { exportDate, keysetBatches, logExportError, type CsvExport } from "./keyset-batches";
import { selectList } from "./select-list";

type Row = Record<string, unknown> & { id: number };

/**
 * Every client as a CSV stream (GET /api/admin/export/client), in id order, read in keyset batches
 * while the file downloads. Deleted clients only when `includeDeleted`.
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
  async function* rows() {
    for await (const batch of batches) yield batch.map((row) => clientExportHeader.map((key) => row[key]));
  }
  return {
    filename: `clients-${exportDate(now)}.csv`,
    stream: csvStream(clientExportHeader, rows(), { onError: logExportError("client export") }),
  };
}

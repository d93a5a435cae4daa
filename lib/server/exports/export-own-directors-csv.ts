import "server-only";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "@/db";
import { clients, directors } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import { csvStream } from "@/lib/csv/csv";
import { translator } from "@/lib/i18n/translator";
import { AppError } from "@/lib/server/app-error";
import { displayPersonalCode } from "@/lib/server/directors/personal-code-keys";
import { ownLiveClient } from "@/lib/server/own-record";
import { exportDate, keysetBatches, logExportError, type CsvExport } from "./keyset-batches";

/**
 * A company contact's own individuals (not deleted) as a CSV file for a spreadsheet: name, email,
 * status (as the page words it; never an individual's reference, their sign-in factor) and when each was added, in the order they were added.
 * Scoped by the caller's own client id; the file starts with a byte order mark and cells that a
 * spreadsheet would run as a formula are neutralised (lib/csv). Only what the contact's own page
 * shows: no provider sessions, reminders or staff fields. A `Managed` client's file has a last
 * column, each `Complete` individual's Companies House personal code in clear (as on the page:
 * returning the codes together is that service); it is empty for the others.
 */
export async function exportOwnDirectorsCsv({ db, user, batchSize = 1000, now = new Date() }: { db: Db; user: Principal; batchSize?: number; now?: Date }): Promise<CsvExport> {
  const [client] = await db
    .select({ id: clients.id, reference: clients.reference, productTier: clients.productTier })
    .from(clients)
    .where(ownLiveClient(user, "company.directors.export"));
  if (!client) throw new AppError("not_found");
  const t = translator();
  const withCodes = client.productTier === "Managed";
  const header = [t("secure.company.export.name"), t("secure.company.export.email"), t("secure.company.export.status"), t("secure.company.export.added")];
  if (withCodes) header.push(t("secure.company.export.personalCode"));
  const batches = keysetBatches(
    (after, limit) =>
      db
        .select({
          id: directors.id,
          name: directors.name,
          email: directors.email,
          status: directors.status,
          createdAt: directors.createdAt,
          companiesHouseCode: directors.companiesHouseCode,
        })
        .from(directors)
        .where(and(eq(directors.clientId, client.id), eq(directors.isDeleted, false), gt(directors.id, after)))
        .orderBy(asc(directors.id))
        .limit(limit),
    batchSize,
  );
  async function* rows() {
    for await (const batch of batches) {
      yield batch.map((d) => {
        const row = [d.name, d.email, t(`statuses.director.${d.status}`), d.createdAt.toISOString()];
        if (withCodes) row.push((d.status === "Complete" ? displayPersonalCode(d) : null) ?? "");
        return row;
      });
    }
  }
  return { filename: `${client.reference}-individuals-${exportDate(now)}.csv`, stream: csvStream(header, rows(), { onError: logExportError("company individuals export") }) };
}

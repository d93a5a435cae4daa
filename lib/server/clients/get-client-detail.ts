import "server-only";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db";
import { auditEntries, clients, directorAddresses, directorChecks, directorFiles, directorMedia } from "@/db/schema";
import { nameAuditEntries, type NamedAuditEntry } from "@/lib/server/audit/name-audit-entries";
import { can } from "@/lib/auth/permissions";
import { todayInUk } from "@/lib/domain/address-history";
import { personDeadline } from "@/lib/domain/verify-by";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";
import { buildSovInfo } from "@/lib/server/directors/get-sov-info";
import { directorFileColumns } from "@/lib/server/directors/get-director";
import { listClientDirectors, type DirectorListView } from "./list-client-directors";

/** Audit entries loaded with the client page (the client's and its directors', newest first). */
export const CLIENT_PAGE_AUDIT_LIMIT = 500;

function groupBy<T extends { directorId: number }>(rows: readonly T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.directorId);
    if (list) list.push(row);
    else map.set(row.directorId, [row]);
  }
  return map;
}

/**
 * Everything the admin client page shows, for staff: the client (its fields as getClient gives them,
 * with `directorCount` and `statusStats`) and, for one page of its individuals (listClientDirectors:
 * status filter, deleted ones or not), each one's address history, checks, media (without content),
 * files, statement-of-verification data, audit trail and `verifyBy` deadline (lib/domain/verify-by.ts;
 * null when no date binds them or they are finished); and the client's audit trail. A handful of
 * queries whatever the number of directors, none of which reads every director: the counts and the
 * page of 25 are computed in the database, the details are those of that page's individuals.
 */
export async function getClientDetail({ db, user, id, view = {}, now = new Date() }: { db: Db; user: Principal; id: number; view?: DirectorListView; now?: Date }) {
  if (!can(user.type, "admin.audit.read") || !can(user.type, "admin.clients.read")) throw new AppError("forbidden");
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError("not_found");
  const [clientRow, listing, audit] = await Promise.all([
    db.query.clients.findFirst({ where: eq(clients.id, id), columns: { paymentSessionSecret: false } }),
    listClientDirectors({ db, user, clientId: id, view }),
    db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.clientId, id))
      .orderBy(desc(auditEntries.timestamp), desc(auditEntries.id))
      .limit(CLIENT_PAGE_AUDIT_LIMIT)
      .then((entries) => nameAuditEntries({ db, user, entries })),
  ]);
  if (!clientRow) throw new AppError("not_found");
  const onPage = listing.directors;
  const ids = onPage.map((d) => d.id);
  const none = Promise.resolve([] as never[]);
  const [checks, media, addresses, files] = await Promise.all([
    ids.length ? db.select().from(directorChecks).where(inArray(directorChecks.directorId, ids)).orderBy(asc(directorChecks.created), asc(directorChecks.id)) : none,
    ids.length ? db.select().from(directorMedia).where(inArray(directorMedia.directorId, ids)).orderBy(asc(directorMedia.created), asc(directorMedia.id)) : none,
    ids.length
      ? db.select().from(directorAddresses).where(inArray(directorAddresses.directorId, ids)).orderBy(desc(directorAddresses.startDate), desc(directorAddresses.id))
      : none,
    ids.length
      ? db
          .select(directorFileColumnsSelect)
          .from(directorFiles)
          .where(and(inArray(directorFiles.directorId, ids), eq(directorFiles.isDeleted, false)))
          .orderBy(asc(directorFiles.createdAt), asc(directorFiles.id))
      : none,
  ]);
  const checksBy = groupBy(checks);
  const mediaBy = groupBy(media);
  const addressesBy = groupBy(addresses);
  const filesBy = groupBy(files);
  const auditBy = new Map<number, NamedAuditEntry[]>();
  for (const entry of audit) {
    if (entry.directorId === null) continue;
    const list = auditBy.get(entry.directorId);
    if (list) list.push(entry);
    else auditBy.set(entry.directorId, [entry]);
  }

  const today = todayInUk(now);
  const directors = onPage.map((d) => {
    const directorMedias = mediaBy.get(d.id) ?? [];
    const directorChecksOf = checksBy.get(d.id) ?? [];
    return {
      ...d,
      directorChecks: directorChecksOf,
      directorMedias: directorMedias.map(({ jsonContent: _content, ...m }) => m),
      directorAddresses: addressesBy.get(d.id) ?? [],
      directorFiles: filesBy.get(d.id) ?? [],
      sov: buildSovInfo(d, directorChecksOf, directorMedias),
      audit: auditBy.get(d.id) ?? [],
      verifyBy: personDeadline(
        d,
        {
          requested: clientRow.verifyBy,
          confirmationStatementDue: clientRow.confirmationStatementDue,
          role: d.registerRole,
          appointedOn: d.registerAppointedOn,
          birthMonth: d.registerBirthMonth,
        },
        today,
      ),
    };
  });
  return {
    client: { ...clientRow, directorCount: listing.totals.live, statusStats: listing.statusStats },
    directors,
    /** The page of `directors` among those matching the view. */
    directorsPager: listing.pager,
    /** Individuals of the client: all of them, and those deleted. */
    directorTotals: { all: listing.totals.all, deleted: listing.totals.deleted },
    audit,
    auditTruncated: audit.length >= CLIENT_PAGE_AUDIT_LIMIT,
  };
}

const directorFileColumnsSelect = {
  id: directorFiles.id,
  directorId: directorFiles.directorId,
  fileName: directorFiles.fileName,
  fileType: directorFiles.fileType,
  contentType: directorFiles.contentType,
  sizeBytes: directorFiles.sizeBytes,
  sha256: directorFiles.sha256,
  createdAt: directorFiles.createdAt,
  createdBy: directorFiles.createdBy,
  hiddenAt: directorFiles.hiddenAt,
} satisfies Record<keyof typeof directorFileColumns, unknown>;

export type ClientDetail = Awaited<ReturnType<typeof getClientDetail>>;
export type ClientDetailDirector = ClientDetail["directors"][number];

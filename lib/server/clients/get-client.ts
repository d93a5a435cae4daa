import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { clients, directors, type DirectorStatus } from "@/db/schema";
import { directorStatusLifecycleOrder } from "@/lib/domain/values";
import { displayPersonalCode } from "@/lib/server/directors/personal-code-keys";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { translator } from "@/lib/i18n/translator";
import { AppError } from "@/lib/server/app-error";

/** Per director status, how many of these directors (not deleted) have it, labelled from messages. */
export function statusStatsOf(list: readonly { status: DirectorStatus; isDeleted: boolean }[]) {
  const counts: Partial<Record<DirectorStatus, number>> = {};
  for (const d of list) if (!d.isDeleted) counts[d.status] = (counts[d.status] ?? 0) + 1;
  return statusStatsFromCounts(counts);
}

/** The same from counts of directors (not deleted) per status: the statuses some have, in lifecycle order, labelled. */
export function statusStatsFromCounts(counts: Partial<Record<DirectorStatus, number>>) {
  const t = translator();
  return directorStatusLifecycleOrder
    .map((value) => ({ value, label: t(`statuses.director.${value}`), count: counts[value] ?? 0 }))
    .filter((s) => s.count > 0);
}

/**
 * A client by id with its directors (docs/domain.md "Client"), for staff, with the derived `directorCount`
 * (directors not deleted) and `statusStats`. Deleted clients and directors are shown (marked) to
 * staff. The payment session secret and the directors' provider-session secrets are never returned.
 */
export async function getClient({ db, user, id }: { db: Db; user: Principal; id: number }) {
  if (!can(user.type, "admin.clients.read")) throw new AppError("forbidden");
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError("not_found");
  const client = await db.query.clients.findFirst({
    where: eq(clients.id, id),
    columns: { paymentSessionSecret: false },
    with: { directors: { orderBy: [asc(directors.name), asc(directors.id)], columns: { sessionToken: false, sessionUrl: false } } },
  });
  if (!client) throw new AppError("not_found");
  // Staff see the personal code itself (it is stored encrypted).
  const withCodes = client.directors.map((d) => ({ ...d, companiesHouseCode: displayPersonalCode(d) }));
  return { ...client, directors: withCodes, directorCount: client.directors.filter((d) => !d.isDeleted).length, statusStats: statusStatsOf(client.directors) };
}

/** Whether a client with this id exists (deleted ones included), for staff. */
export async function clientExists({ db, user, id }: { db: Db; user: Principal; id: number }): Promise<boolean> {
  if (!can(user.type, "admin.clients.read")) throw new AppError("forbidden");
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, id)).limit(1);
  return Boolean(row);
}

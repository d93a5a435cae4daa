import "server-only";
import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { directors, type DirectorStatus } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { pagerFor } from "@/lib/pager";
import { AppError } from "@/lib/server/app-error";
import { displayPersonalCode } from "@/lib/server/directors/personal-code-keys";
import { statusStatsFromCounts } from "./get-client";

/** Individuals on one page of the client page's list. */
export const CLIENT_PAGE_DIRECTORS_PER_PAGE = 25;

/** Which individuals of the client page's list: a status (or all), deleted ones or not, and a page. */
export interface DirectorListView {
  status?: DirectorStatus;
  showDeleted?: boolean;
  /** From 1; a page past the last shows nothing (the pager offers the way back). */
  page?: number;
}

// Every column of a director but the provider-session secrets, as getClient lists them.
const { sessionToken: _token, sessionUrl: _url, ...listedColumns } = getTableColumns(directors);

/**
 * One page of a client's individuals for the admin client page, for staff: the 25 matching the view
 * (a status or all, deleted ones or not) in the page's order (name, then id), with the pager over
 * those matching, the client's live individuals per status, and how many it has in all and deleted.
 * Two statements whatever the number of individuals, both computed in the database: the counts
 * (per status and deletion: the live ones read from the (client_id, status, id) index alone) and
 * the page (LIMIT/OFFSET). A client without individuals, or no client at all, gives an empty list:
 * the caller decides whether the client exists.
 */
export async function listClientDirectors({ db, user, clientId, view = {} }: { db: Db; user: Principal; clientId: number; view?: DirectorListView }) {
  if (!can(user.type, "admin.clients.read")) throw new AppError("forbidden");
  if (!Number.isSafeInteger(clientId) || clientId < 1) throw new AppError("not_found");
  const showDeleted = view.showDeleted ?? false;
  const page = Number.isSafeInteger(view.page) && view.page! >= 1 ? view.page! : 1;
  const size = CLIENT_PAGE_DIRECTORS_PER_PAGE;

  const ofClient = eq(directors.clientId, clientId);
  const [counts, rows] = await Promise.all([
    db
      .select({ status: directors.status, isDeleted: sql<boolean>`false`.as("is_deleted"), count: sql<number>`count(*)::int`.as("count") })
      .from(directors)
      .where(and(ofClient, eq(directors.isDeleted, false)))
      .groupBy(directors.status)
      .unionAll(
        db
          .select({ status: directors.status, isDeleted: sql<boolean>`true`.as("is_deleted"), count: sql<number>`count(*)::int`.as("count") })
          .from(directors)
          .where(and(ofClient, eq(directors.isDeleted, true)))
          .groupBy(directors.status),
      ),
    db
      .select(listedColumns)
      .from(directors)
      .where(and(ofClient, showDeleted ? undefined : eq(directors.isDeleted, false), view.status ? eq(directors.status, view.status) : undefined))
      .orderBy(asc(directors.name), asc(directors.id))
      .limit(size)
      .offset((page - 1) * size),
  ]);

  const live: Partial<Record<DirectorStatus, number>> = {};
  let all = 0;
  let deleted = 0;
  let matching = 0;
  for (const { status, isDeleted, count } of counts) {
    all += count;
    if (isDeleted) deleted += count;
    else live[status] = count;
    if ((showDeleted || !isDeleted) && (!view.status || status === view.status)) matching += count;
  }
  return {
    // Staff see the personal code itself (it is stored encrypted).
    directors: rows.map((d) => ({ ...d, companiesHouseCode: displayPersonalCode(d) })),
    /** The page of `directors` among those matching the view. */
    pager: pagerFor(matching, page, size),
    /** Individuals of the client: all of them, those deleted, and those not deleted. */
    totals: { all, deleted, live: all - deleted },
    /** Per status, the client's individuals not deleted (as getClient's `statusStats`). */
    statusStats: statusStatsFromCounts(live),
  };
}

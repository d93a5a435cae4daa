import "server-only";
import type { Db } from "@/db/client";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import type { ClientSearchRequest } from "@/lib/schemas/client-search";
import { AppError } from "@/lib/server/app-error";
import { runSearch } from "./search/run";
import type { ClientSearchResult } from "./search/types";

export type { ClientSearchResult, ClientSearchRow, IndividualSearchRow, StatusStat } from "./search/types";

/*
 * The admin client search (docs/domain.md "Client search request" / "Search response"): the status
 * counts and the page's rows come back as JSON, from one SQL statement for a text search or two
 * otherwise. How it stays fast: docs/speed.md "How the admin search stays fast". The module, in
 * ./search/:
 * - chooser.ts: which plan, counts and page serve which request, in tables read top to bottom;
 * - config.ts: the thresholds the choices turn on, each with its reason;
 * - run.ts: runs the plan (counted first, or side by side) and shapes the answer;
 * - statements.ts, client-view.ts, individual-view.ts, text-search.ts, text-hits.ts,
 *   client-order-walk.ts: the statement builders; counts.ts: counts read from what triggers keep;
 *   conditions.ts, sorts.ts, rows.ts, sql-parts.ts: the pieces they share;
 * It only reads: the kept counts' deltas are folded by the job search.fold-counts
 * (lib/server/search-model/fold-search-counts.ts).
 * The pool turns JIT compilation off (db/client.ts): a text search sorted by an individual's
 * column is estimated above its threshold, since its plan holds both pages, the walked one and the
 * sorted one (only one runs), and compiling would cost more than the search.
 */

/**
 * Searches clients (one row per client) or individuals (one row per director, with its client's
 * fields) for the admin client list. Admins only. Deleted clients and directors are left out
 * unless `includeDeleted`.
 */
export async function searchClients({ db, user, query }: { db: Db; user: Principal; query: ClientSearchRequest }): Promise<ClientSearchResult> {
  if (!can(user.type, "admin.clients.read")) throw new AppError("forbidden");
  return runSearch({ db, query });
}

import { defineScheduledJob } from "../define-job";

/**
 * Every five minutes, the admin search's count deltas folded into one row per (scope, status)
 * (lib/server/search-model/fold-search-counts.ts), so that the rows a search sums stay few; the
 * search itself never writes. Idempotent: a second fold finds nothing to fold.
 */
export const foldSearchCountsJob = defineScheduledJob("search.fold-counts", { retries: 1, delaySeconds: 60, expireInSeconds: 10 * 60 }, () => import("./fold-search-counts.handler"));

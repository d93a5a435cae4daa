import { defineScheduledJob } from "../define-job";

/**
 * The nightly check of the admin search's read model: every check of db/search/05-checks.sql
 * (lib/server/search-model/check-search-model.ts). When one finds a difference, every admin is
 * notified, once a day while it lasts, and the checks' first rows are logged for operators, who
 * rebuild with `npm run search:rebuild`. Read-only, so idempotent.
 */
export const checkSearchModelJob = defineScheduledJob("search.check", { retries: 2, delaySeconds: 300, expireInSeconds: 60 * 60 }, () => import("./check-search-model.handler"));

import { defineScheduledJob } from "../define-job";

/**
 * Just after midnight (UK), the clients whose earliest verify-by date passed yesterday move to the
 * front of the admin list's default order (lib/server/clients/mark-overdue-clients.ts).
 */
export const markOverdueClientsJob = defineScheduledJob("clients.mark-overdue", { retries: 3, delaySeconds: 60, expireInSeconds: 15 * 60 }, () => import("./mark-overdue-clients.handler"));

import { z } from "zod";
import { defineJob } from "../define-job";
import { lazy } from "../lazy";

export const markOverdueClientsPayload = z.object({}).strict();
export type MarkOverdueClientsPayload = z.infer<typeof markOverdueClientsPayload>;

/**
 * Just after midnight (UK), the clients whose earliest verify-by date passed yesterday move to the
 * front of the admin list's default order (lib/server/clients/mark-overdue-clients.ts).
 */
export const markOverdueClientsJob = defineJob({
  name: "clients.mark-overdue",
  schema: markOverdueClientsPayload,
  retry: { retries: 3, delaySeconds: 60, backoff: true },
  expireInSeconds: 15 * 60,
  run: lazy(() => import("./mark-overdue-clients.handler"), "run"),
});

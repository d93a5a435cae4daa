import { z } from "zod";
import { markOverdueClients } from "@/lib/server/clients/mark-overdue-clients";
import { defineJob } from "../define-job";
import { log } from "@/lib/log";

/**
 * Just after midnight (UK), the clients whose earliest verify-by date passed yesterday move to the
 * front of the admin list's default order (lib/server/clients/mark-overdue-clients.ts).
 */
export const markOverdueClientsJob = defineJob({
  name: "clients.mark-overdue",
  schema: z.object({}).strict(),
  retry: { retries: 3, delaySeconds: 60, backoff: true },
  expireInSeconds: 15 * 60,
  async run(_payload, { db }) {
    const moved = await markOverdueClients({ db });
    log.info({ moved }, `[clients] ${moved} clients with someone newly overdue moved to the front of the list`);
  },
});

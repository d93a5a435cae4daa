import { log } from "@/lib/log";
import { markOverdueClients } from "@/lib/server/clients/mark-overdue-clients";
import type { JobContext, NoPayload } from "../define-job";

export async function run(_payload: NoPayload, { db }: JobContext) {
  const moved = await markOverdueClients({ db });
  log.info({ moved }, `[clients] ${moved} clients with someone newly overdue moved to the front of the list`);
}

import { log } from "@/lib/log";
import { markOverdueClients } from "@/lib/server/clients/mark-overdue-clients";
import type { JobContext } from "../define-job";
import type { MarkOverdueClientsPayload } from "./mark-overdue-clients";

export async function run(_payload: MarkOverdueClientsPayload, { db }: JobContext) {
  const moved = await markOverdueClients({ db });
  log.info({ moved }, `[clients] ${moved} clients with someone newly overdue moved to the front of the list`);
}

import { log } from "@/lib/log";
import { foldSearchCounts } from "@/lib/server/search-model/fold-search-counts";
import type { JobContext, NoPayload } from "../define-job";

export async function run(_payload: NoPayload, { db }: JobContext) {
  const removed = await foldSearchCounts({ db });
  log.debug({ removed }, `[search] ${removed} count rows folded`);
}

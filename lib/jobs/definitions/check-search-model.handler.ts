import { translator } from "@/lib/i18n/translator";
import { log } from "@/lib/log";
import { checkSearchModel } from "@/lib/server/search-model/check-search-model";
import { notifyAdmins } from "@/lib/server/notifications/notify-admins";
import type { JobContext, NoPayload } from "../define-job";

export async function run(_payload: NoPayload, { db }: JobContext) {
  const drift = await checkSearchModel({ db });
  if (drift.length === 0) {
    log.info("[search] read model checked: nothing differs");
    return;
  }
  const rows = drift.reduce((sum, d) => sum + d.rows, 0);
  for (const d of drift) log.error({ check: d.check, rows: d.rows, examples: d.examples }, `[search] ${d.check}() lists ${d.rows} rows: run npm run search:rebuild`);
  const day = new Date().toLocaleDateString("en-CA", { timeZone: "Europe/London" });
  await notifyAdmins({ db, message: translator()("notifications.searchModelDrift", { rows }), dedupeKey: `search-model-drift:${day}` });
}

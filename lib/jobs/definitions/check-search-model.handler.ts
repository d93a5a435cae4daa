import { translator } from "@/lib/i18n/translator";
import { log } from "@/lib/log";
import { checkSearchModel } from "@/lib/server/search-model/check-search-model";
import { checkSearchOrder } from "@/lib/server/search-model/check-search-order";
import { notifyAdmins } from "@/lib/server/notifications/notify-admins";
import type { JobContext, NoPayload } from "../define-job";

export async function run(_payload: NoPayload, { db }: JobContext) {
  const day = new Date().toLocaleDateString("en-CA", { timeZone: "Europe/London" });
  const drift = await checkSearchModel({ db });
  if (drift.length === 0) log.info("[search] read model checked: nothing differs");
  else {
    const rows = drift.reduce((sum, d) => sum + d.rows, 0);
    for (const d of drift) log.error({ check: d.check, rows: d.rows, examples: d.examples }, `[search] ${d.check}() lists ${d.rows} rows: run npm run search:rebuild`);
    await notifyAdmins({ db, message: translator()("notifications.searchModelDrift", { rows }), dedupeKey: `search-model-drift:${day}` });
  }
  const order = await checkSearchOrder({ db });
  const line = `[search] director_search order: ${order.outOfOrder} of ${order.directors} rows lie on pages out of the order of names`;
  if (!order.rebuildAdvised) {
    log.info({ directors: order.directors, outOfOrder: order.outOfOrder }, line);
    return;
  }
  log.warn({ directors: order.directors, outOfOrder: order.outOfOrder }, `${line}: run npm run search:rebuild`);
  const percent = Math.round((100 * order.outOfOrder) / order.directors);
  await notifyAdmins({ db, message: translator()("notifications.searchOrderDrift", { percent }), dedupeKey: `search-order-drift:${day}` });
}

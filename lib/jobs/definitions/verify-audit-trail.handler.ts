import { getEnv } from "@/lib/env";
import { translator } from "@/lib/i18n/translator";
import { describeChainBreak } from "@/lib/domain/audit-chain";
import { log } from "@/lib/log";
import { verifyAuditTrail } from "@/lib/server/audit/verify-audit-trail";
import { notifyAdmins } from "@/lib/server/notifications/notify-admins";
import type { JobContext, NoPayload } from "../define-job";

export async function run(_payload: NoPayload, { db }: JobContext) {
  const report = await verifyAuditTrail({ db, secret: getEnv().AUTH_SECRET });
  const b = report.broken;
  if (!b) {
    log.info({ verified: report.verified }, `[jobs] audit trail intact: ${report.verified} entries verified`);
    return;
  }
  log.error({ chain: b.chain, kind: b.kind, rowId: b.id, seq: b.seq }, `[jobs] the audit trail is broken ${describeChainBreak(b)}`);
  await notifyAdmins({
    db,
    message: translator()("notifications.auditTrailBroken", { record: b.kind === "marker" ? "marker" : b.chain, id: b.id ?? "0" }),
    link: "/administration/audit",
    dedupeKey: `audit-trail-broken:${b.chain}:${b.kind}:${b.id ?? ""}:${b.seq ?? ""}`,
  });
}

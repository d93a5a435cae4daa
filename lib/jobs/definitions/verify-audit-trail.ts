import { z } from "zod";
import { getEnv } from "@/lib/env";
import { translator } from "@/lib/i18n/translator";
import { describeChainBreak } from "@/lib/domain/audit-chain";
import { log } from "@/lib/log";
import { verifyAuditTrail } from "@/lib/server/audit/verify-audit-trail";
import { notifyAdmins } from "@/lib/server/notifications/notify-admins";
import { defineJob } from "../define-job";

/**
 * The nightly check of the audit trail: the same walk as `npm run audit:verify` (every link of the
 * audit entries' and security events' hash chains, and the signed retention markers). When a link
 * is broken, every admin is notified, once per break (a break found again the next night is the
 * same one), and the break is logged for operators. Read-only, so idempotent.
 */
export const verifyAuditTrailJob = defineJob({
  name: "audit.verify",
  schema: z.object({}).strict(),
  retry: { retries: 2, delaySeconds: 300, backoff: true },
  expireInSeconds: 60 * 60,
  async run(_payload, { db }) {
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
  },
});

/**
 * `npm run audit:verify` — walks the audit trail's hash chains (audit entries, then security events;
 * migration 0037, lib/domain/audit-chain.ts) and says whether every link holds:
 *
 *   exit 0  "The audit trail is intact: N entries verified."
 *   exit 1  "The audit trail is broken at audit entry 123 (2026-01-02T10:00:00.123456Z): …" — the
 *           first broken link: a row changed after it was written, a row missing or inserted out of
 *           turn, a retention marker that does not verify, or the newest rows gone.
 *   exit 2  it could not run (configuration, database).
 *
 * Retention markers are checked with AUTH_SECRET, so run it with the portal's configuration.
 * Uses DATABASE_URL (PostgreSQL) when set, otherwise the embedded database under DATA_DIR (.data).
 * The same check runs every night (job `audit.verify`) and notifies admins when it fails.
 */
import { openDatabase } from "../db/client";
import { describeChainBreak } from "../lib/domain/audit-chain";
import { getEnv } from "../lib/env";
import { verifyAuditTrail } from "../lib/server/audit/verify-audit-trail";
import { print, printError } from "./lib/terminal";

async function main() {
  const env = getEnv();
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const report = await verifyAuditTrail({ db: handle.db, secret: env.AUTH_SECRET });
    if (report.broken) {
      printError(`The audit trail is broken ${describeChainBreak(report.broken)}.`);
      process.exitCode = 1;
      return;
    }
    print(`The audit trail is intact: ${report.verified} ${report.verified === 1 ? "entry" : "entries"} verified.`);
    const { audit_entries: audit, security_events: events } = report.chains;
    const removed = events.removed + audit.removed;
    print(`(${audit.verified} audit entries, ${events.verified} security events${removed ? `; ${removed} removed by retention, each run covered by a signed marker` : ""})`);
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  printError(`[audit:verify] could not run: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
});

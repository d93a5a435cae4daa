/**
 * `npm run companies-house:sync` — fills the register data of every existing client (status at
 * Companies House, company type, the date the next confirmation statement is due) from Companies
 * House by its company number, as the nightly `companies-house.refresh-register` job does for
 * clients not checked in the last 20 hours, but for all of them, now.
 *
 *   --fresh   ask the register even when an answer is cached (COMPANIES_HOUSE_CACHE_SECONDS)
 *
 * Progress goes to stderr (one line rewritten on a terminal, plain lines otherwise), then the
 * clients not found and those that failed; the summary (updated / not found / failed) to stdout.
 * Exit code 1 when any client failed (run it again: it is safe to repeat). Requests count against
 * the API key's shared budget as background work, so the portal keeps room for people's lookups
 * (its pace: docs/speed.md).
 *
 * Uses DATABASE_URL (PostgreSQL) when set, otherwise the embedded database under DATA_DIR, which
 * only one process can open: stop `npm start` first. COMPANIES_HOUSE_API_KEY / _API_URL unset
 * outside production: the simulator of `npm start` or `npm run sim:companies-house` (port 4050).
 */
import { and, asc, eq, gt, isNotNull, ne } from "drizzle-orm";
import { closeDb, getDb } from "../db";
import { clients } from "../db/schema";
import { createProgress } from "../lib/cli/progress";
import { getEnv } from "../lib/env";
import { CompaniesHouseError, getCompaniesHouse } from "../lib/integrations/companies-house";
import { refreshClientRegister } from "../lib/server/companies-house/refresh-client-register";
import { print, printError } from "./lib/terminal";

const USAGE = `Usage: npm run companies-house:sync [-- --fresh]

Fills every client's Companies House register data (status, type, confirmation statement due) by
company number. --fresh: ask the register even when a cached answer is recent enough.`;

async function main() {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    print(USAGE);
    return;
  }
  const unknown = args.filter((a) => a !== "--fresh");
  if (unknown.length) {
    printError(`Unknown option ${unknown[0]}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const fresh = args.includes("--fresh");
  const env = getEnv();
  const db = await getDb();
  const companiesHouse = getCompaniesHouse({ background: true });
  const live = and(eq(clients.isDeleted, false), isNotNull(clients.companyId), ne(clients.companyId, ""));
  const total = await db.$count(clients, live);
  printError(`[companies-house] ${total} clients with a company number; asking ${env.companiesHouse.simulator ? "the local simulator" : "Companies House"} at ${env.companiesHouse.apiUrl}`);

  const counts = { updated: 0, changed: 0, notFound: 0, failed: 0 };
  const notFound: string[] = [];
  const failed: string[] = [];
  const note = () => `${counts.updated} updated, ${counts.notFound} not found, ${counts.failed} failed`;
  const progress = createProgress(process.stderr, total, "[companies-house]");
  progress.update(0, note());
  let done = 0;
  let afterId = 0;
  for (;;) {
    const batch = await db
      .select({ id: clients.id, reference: clients.reference, companyId: clients.companyId })
      .from(clients)
      .where(and(live, gt(clients.id, afterId)))
      .orderBy(asc(clients.id))
      .limit(200);
    for (const c of batch) {
      try {
        const result = await refreshClientRegister({ db, user: "system", clientId: c.id, companiesHouse, ...(fresh ? { maxAgeSeconds: 0 } : {}) });
        if (result.outcome === "updated") counts.updated++;
        if (result.outcome === "not_found") {
          counts.notFound++;
          notFound.push(`${c.reference} (company number ${c.companyId})`);
        }
        if (result.changed.length) counts.changed++;
      } catch (err) {
        // A refused key fails every client alike: stop and say so.
        if (err instanceof CompaniesHouseError && err.code === "unauthorized") throw err;
        counts.failed++;
        failed.push(`${c.reference} (company number ${c.companyId}): ${err instanceof Error ? err.message : String(err)}`);
      }
      progress.update(++done, note());
    }
    if (batch.length < 200) break;
    afterId = batch.at(-1)!.id;
  }
  progress.finish();
  for (const line of notFound) printError(`[companies-house] not on the register: ${line}`);
  for (const line of failed) printError(`[companies-house] failed: ${line}`);
  print(`Companies House register: ${counts.updated} updated (${counts.changed} changed), ${counts.notFound} not found, ${counts.failed} failed`);
  if (counts.failed) process.exitCode = 1;
}

main()
  .catch((err: unknown) => {
    printError(`[companies-house] ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  })
  .finally(() => closeDb());

/**
 * `npm run db:seed` — loads the demonstration data (idempotent), and with
 * `--clients N --directors M` also tops the benchmark data up to N clients and M directors.
 *
 *   npm run db:seed
 *   npm run db:seed -- --clients 10000 --directors 100000
 *
 * Uses DATABASE_URL (PostgreSQL) when set, otherwise the embedded database under DATA_DIR (.data).
 * Runs outside Next.js: imports nothing that needs the Next.js runtime.
 */
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client";
import { demoAccounts, seedDemo } from "../db/seed/demo";
import { seedLarge } from "../db/seed/large";
import { print, printError } from "./lib/terminal";

function count(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value.replace(/[_,]/g, ""));
  if (!Number.isInteger(n) || n < 0) throw new Error(`${flag} must be a whole number, got "${value}"`);
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: {
      clients: { type: "string" },
      directors: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    print("Usage: npm run db:seed [-- --clients N --directors M]");
    return;
  }
  const clients = count(values.clients, "--clients");
  const directors = count(values.directors, "--directors");
  if ((clients === undefined) !== (directors === undefined)) {
    throw new Error("give both --clients and --directors, or neither");
  }

  const started = performance.now();
  const handle = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR ?? ".data",
    migrate: true,
    // Generated data (--clients, --directors) is loaded and vacuumed in statements longer than the
    // portal's per-statement limit at a million directors.
    statementTimeoutMs: 0,
  });
  print(`Database: ${handle.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded (${process.env.DATA_DIR ?? ".data"})`}`);
  try {
    const t0 = performance.now();
    const demo = await seedDemo(handle.db);
    print(
      `Demo data: ${demo.clientsCreated} clients, ${demo.directorsCreated} directors, ${demo.usersCreated} staff users, ` +
        `${demo.auditEntriesCreated} audit entries, ${demo.notificationsCreated} notifications created ` +
        `(${Math.round(performance.now() - t0)} ms)${demo.clientsCreated === 0 ? " — already present" : ""}.`,
    );
    print("Demo accounts:");
    for (const a of demoAccounts) {
      print(`  ${a.role.padEnd(17)} ${a.email.padEnd(44)} ${a.reference ?? "(single sign-on)"}`);
    }

    if (clients !== undefined && directors !== undefined) {
      const large = await seedLarge(handle.db, { clients, directors });
      print(
        `Large data: ${large.clientsCreated} clients and ${large.directorsCreated} directors created in ${large.ms} ms ` +
          `(now ${large.clientsTotal} / ${large.directorsTotal}).`,
      );
    }
    print(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  printError(cause instanceof Error ? `${cause.message}` : cause);
  process.exit(1);
});

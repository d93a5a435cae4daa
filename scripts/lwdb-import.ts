/**
 * `npm run lwdb:import FILE [-- --replace]` — loads existing customers from the provider's CSV
 * export into the table the request page's Existing journey prefills from (lwdb_records).
 *
 * The columns are the new client record's field names, in any order and case: customerCode, name
 * and mainContactEmail are required; companyId, productTier (Managed | OneOff), mainContactFirstName,
 * mainContactLastName, mainContactTelephone, billingEntityName, billingAddressLine1,
 * billingAddressLine2, billingAddressCity, billingAddressState, billingAddressPostCode,
 * billingAddressCountry (two letters, e.g. GB), accountPayableContactFirstName,
 * accountPayableContactLastName, accountPayableContactEmail, accountPayableContactTelephone,
 * vatNumber, vatExempt (true/false), purchaseOrderInfo are optional. A row whose customer code is
 * already loaded replaces it. `--replace` also removes the codes the file no longer has.
 * Any bad row: every problem is listed, nothing is changed, and the exit code is 1.
 *
 * Uses DATABASE_URL (PostgreSQL) when set, otherwise the embedded database under DATA_DIR (.data).
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client";
import { importLwdbCsv } from "../lib/integrations/lwdb/import-csv";
import { print, printError } from "./lib/terminal";

async function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { replace: { type: "boolean" }, help: { type: "boolean", short: "h" } } });
  if (values.help || positionals.length !== 1) {
    print("Usage: npm run lwdb:import FILE [-- --replace]");
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const file = positionals[0]!;
  const csv = fs.readFileSync(file, "utf8");
  const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR ?? ".data", migrate: true });
  try {
    const result = await importLwdbCsv(handle.db, csv, { replace: values.replace });
    if (result.unknownColumns.length) printError(`[lwdb] ignored columns that are not fields of the record: ${result.unknownColumns.join(", ")}`);
    if (!result.ok) {
      for (const p of result.problems) printError(`[lwdb] ${file}:${p.line}${p.field ? ` ${p.field}` : ""}: ${p.message}`);
      printError(`[lwdb] ${result.problems.length} problem(s): nothing was imported`);
      process.exitCode = 1;
      return;
    }
    print(`[lwdb] imported ${result.rows} existing customer(s)${values.replace ? `, removed ${result.removed}` : ""}`);
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  printError(err instanceof Error ? err.message : err);
  process.exit(1);
});

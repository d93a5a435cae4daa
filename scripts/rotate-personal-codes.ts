/**
 * `npm run personal-codes:rotate` — re-encrypts every stored Companies House personal code under
 * the current PERSONAL_CODE_KEY, reading older values with PERSONAL_CODE_PREVIOUS_KEYS (and
 * encrypting any code stored before encryption). Rotation, step by step:
 *   1. set PERSONAL_CODE_PREVIOUS_KEYS to the old key and PERSONAL_CODE_KEY to a new one, restart;
 *   2. run this command (safe to run again, and while the portal is serving);
 *   3. when it reports no unreadable codes, remove the old key from PERSONAL_CODE_PREVIOUS_KEYS.
 * Exit code 1 when some codes could not be read by any configured key (their ids are listed).
 *
 * Uses DATABASE_URL (PostgreSQL) when set, otherwise the embedded database under DATA_DIR (.data).
 */
import { openDatabase } from "../db/client";
import { personalCodeKeysFrom } from "../lib/crypto/personal-code";
import { getEnv } from "../lib/env";
import { reencryptPersonalCodes } from "../lib/server/directors/reencrypt-personal-codes";
import { print, printError } from "./lib/terminal";

async function main() {
  const env = getEnv();
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, migrate: true });
  try {
    const result = await reencryptPersonalCodes(handle.db, personalCodeKeysFrom(env));
    print(`[personal-codes] ${result.scanned} stored, ${result.reencrypted} re-encrypted under the current key`);
    if (result.unreadable.length) {
      printError(`[personal-codes] ${result.unreadable.length} could not be read by any configured key (director ids ${result.unreadable.join(", ")}): add the key that wrote them to PERSONAL_CODE_PREVIOUS_KEYS and run again`);
      process.exitCode = 1;
    }
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  printError(err instanceof Error ? err.message : err);
  process.exit(1);
});

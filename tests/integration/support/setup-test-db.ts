import { getDb } from "@/db";
import { seedDemo } from "@/db/seed/demo";
import { resetEnvCache } from "@/lib/env";
import { deleteCreatedRows } from "../../support/factories";
import { TEST_API_KEY } from "./test-users";

/**
 * The set-up of an integration test file, in place of a `beforeAll`/`afterAll` pair in each.
 * Before the file's tests: turns on the `test-user` header, sets ADMIN_API_KEY to TEST_API_KEY,
 * applies `env` (undefined removes a variable), and loads the demo data (idempotent; `seed: false`
 * skips it). After them: removes every row the factories inserted and restores the environment.
 *
 * The database is this Jest worker's own (tests/setup/integration-env.ts), shared by the files the
 * worker runs one after another: hence the clean-up, and unique values in the factories.
 */
export function setupTestDb(options: { seed?: boolean; env?: Record<string, string | undefined> } = {}): void {
  const env: Record<string, string | undefined> = { TEST_USER_HEADER_ENABLED: "true", ADMIN_API_KEY: TEST_API_KEY, ...options.env };
  const saved: Record<string, string | undefined> = {};
  const set = (name: string, value: string | undefined) => {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  };

  beforeAll(async () => {
    for (const [name, value] of Object.entries(env)) {
      saved[name] = process.env[name];
      set(name, value);
    }
    resetEnvCache();
    if (options.seed ?? true) await seedDemo(await getDb());
  });

  afterAll(async () => {
    await deleteCreatedRows(await getDb());
    for (const [name, value] of Object.entries(saved)) set(name, value);
    resetEnvCache();
  });
}

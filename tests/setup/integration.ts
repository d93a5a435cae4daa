import { closeDb } from "@/db";
import { resetEnvCache } from "@/lib/env";

// Each test file has its own module registry, so its own database handle: close it after the file.
afterAll(async () => {
  await closeDb();
  resetEnvCache();
});

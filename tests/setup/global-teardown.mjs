import fs from "node:fs";
import { dropTestDatabases } from "./test-databases.mjs";

export default async function globalTeardown() {
  if (process.env.TEST_DB_NAME && !process.env.KEEP_TEST_DB) await dropTestDatabases(process.env.TEST_DB_NAME);
  if (process.env.TEST_EMBEDDED_DIR) fs.rmSync(process.env.TEST_EMBEDDED_DIR, { recursive: true, force: true });
}

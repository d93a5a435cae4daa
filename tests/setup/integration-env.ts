// Points this Jest worker at its own database before any test module is loaded.
import os from "node:os";
import path from "node:path";

const worker = process.env.JEST_WORKER_ID || "1";
process.env.APP_ENV = "test";
// The tests' requests play the part of scripts/serve.ts: they carry the client address header it
// writes (lib/client-address.ts), which the portal trusts only where that server runs.
process.env.PORTAL_CLIENT_ADDRESS_STAMPED = "1";
if (process.env.TEST_DB_NAME) {
  const u = new URL(process.env.TEST_DATABASE_ADMIN_URL || "postgres://postgres@127.0.0.1:5432/postgres");
  u.pathname = `/${process.env.TEST_DB_NAME}_${worker}`;
  process.env.DATABASE_URL = u.toString();
} else if (process.env.TEST_EMBEDDED_DIR) {
  delete process.env.DATABASE_URL;
  process.env.DATA_DIR = path.join(process.env.TEST_EMBEDDED_DIR, `w${worker}`);
}
process.env.MAILBOX_DIR = path.join(os.tmpdir(), `dvp-mailbox-${process.env.TEST_DB_NAME || "embedded"}-${worker}`);

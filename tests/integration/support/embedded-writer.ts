// Child process for embedded-crash.test.ts: opens the embedded database in DATA_DIR and writes
// enquiries as fast as it can until it is killed. Prints "ready" once the first write committed.
import { openDatabase } from "../../../db/client";
import { enquiries } from "../../../db/schema";

async function main() {
  const handle = await openDatabase({ dataDir: process.env.DATA_DIR! });
  for (let i = 0; ; i++) {
    await handle.db.insert(enquiries).values({ name: `Writer ${i}`, email: "writer@example.com", description: "x".repeat(500) });
    if (i === 0) process.stdout.write("ready\n");
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

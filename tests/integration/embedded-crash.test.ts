import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import { checkDatabase, openDatabase } from "@/db/client";
import { enquiries } from "@/db/schema";

/**
 * The embedded database must survive its process being killed mid-write (SIGKILL: no shutdown
 * hook runs), and must refuse a second live process rather than corrupt itself.
 */
describe("embedded database", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dvp-crash-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  function startWriter() {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/integration/support/embedded-writer.ts"], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const ready = new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (d: Buffer) => d.toString().includes("ready") && resolve());
      child.on("exit", (code) => reject(new Error(`writer exited early (${code})`)));
    });
    return { child, ready };
  }

  it("opens again after the writing process is killed, with its committed rows", async () => {
    const { child, ready } = startWriter();
    await ready;
    await new Promise((r) => setTimeout(r, 800));
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));

    const handle = await openDatabase({ dataDir });
    try {
      const [{ n }] = (await handle.db.select({ n: count() }).from(enquiries)) as [{ n: number }];
      expect(n).toBeGreaterThan(0);
      expect(await checkDatabase(handle.db)).toMatchObject({ reachable: true, migrationsCurrent: true });
      await handle.db.insert(enquiries).values({ name: "After the crash", email: "a@example.com", description: "still works" });
      await handle.db.execute(sql`select 1`);
    } finally {
      await handle.close();
    }
  });

  it("refuses to open while another live process has it", async () => {
    const { child, ready } = startWriter();
    try {
      await ready;
      await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by process/);
    } finally {
      child.kill("SIGKILL");
      await new Promise((r) => child.once("exit", r));
    }
  });
});

// `npm run lwdb:import FILE` as an operator runs it: npm's command, as a separate process, against
// this worker's PostgreSQL database.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { like } from "drizzle-orm";
import { getDb } from "@/db";
import { lwdbRecords } from "@/db/schema";

const describeWithPostgres = process.env.TEST_DB_NAME ? describe : describe.skip;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dvp-lwdb-"));

/** Runs npm's `lwdb:import` script with `args`; resolves with its exit code and output. */
function lwdbImport(...args: string[]): Promise<{ code: number; output: string }> {
  const script = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts["lwdb:import"]!;
  const [bin, ...rest] = script.split(" ");
  expect(bin).toBe("tsx");
  return new Promise((resolve) => {
    execFile("node_modules/.bin/tsx", [...rest, ...args], { env: { ...process.env, NODE_OPTIONS: "" } }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, output: stdout + stderr });
    });
  });
}

function file(name: string, lines: string[]) {
  const p = path.join(dir, name);
  fs.writeFileSync(p, lines.join("\r\n"));
  return p;
}

async function codes() {
  const rows = await (await getDb()).select({ code: lwdbRecords.customerCode, email: lwdbRecords.mainContactEmail }).from(lwdbRecords).where(like(lwdbRecords.customerCode, "PROC-%"));
  return rows.sort((a, b) => a.code.localeCompare(b.code));
}

describeWithPostgres("npm run lwdb:import", () => {
  afterAll(async () => {
    await (await getDb()).delete(lwdbRecords).where(like(lwdbRecords.customerCode, "PROC-%"));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("loads an export, lists a bad file's problems without changing anything, and --replace drops codes the export no longer has", async () => {
    const good = file("good.csv", ["customerCode,name,mainContactEmail,productTier", "proc-1,Process One Ltd,one@example.com,Managed", "proc-2,Process Two Ltd,two@example.com,OneOff"]);
    const first = await lwdbImport(good);
    expect(first).toEqual({ code: 0, output: expect.stringContaining("[lwdb] imported 2 existing customer(s)") });
    expect(await codes()).toEqual([
      { code: "PROC-1", email: "one@example.com" },
      { code: "PROC-2", email: "two@example.com" },
    ]);

    const bad = file("bad.csv", ["customerCode,name,mainContactEmail", "PROC-1,Process One Ltd,changed@example.com", "PROC-3,,three@example.com"]);
    const refused = await lwdbImport(bad);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`${bad}:3 name: required`);
    expect(refused.output).toContain("nothing was imported");
    expect((await codes())[0]!.email).toBe("one@example.com");

    const replacing = file("replace.csv", ["customerCode,name,mainContactEmail", "PROC-1,Process One Ltd,changed@example.com"]);
    const replaced = await lwdbImport(replacing, "--replace");
    expect(replaced.code).toBe(0);
    expect(replaced.output).toMatch(/imported 1 existing customer\(s\), removed \d+/);
    expect(await codes()).toEqual([{ code: "PROC-1", email: "changed@example.com" }]);
  });

  it("says how to use it when the file is missing", async () => {
    expect(await lwdbImport()).toEqual({ code: 2, output: expect.stringContaining("Usage: npm run lwdb:import FILE") });
  });
});

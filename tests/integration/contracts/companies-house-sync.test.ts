// `npm run companies-house:sync` as an operator runs it: a child process against a fresh PostgreSQL
// database with the demo data, asking the Companies House simulator (its own process too). Jest
// maps `server-only` away and compiles with SWC; the command has neither, so this is also what
// proves it loads.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";
import { openDatabase } from "@/db/client";
import { seedDemo } from "@/db/seed/demo";
import { createTestDatabase, dropTestDatabases } from "../../setup/test-databases.mjs";
import { startSimulatorProcess, type SimulatorProcess } from "./companies-house-simulator";

const run = promisify(execFile);
const dbName = `dvp_chsync_${Date.now()}_${process.pid}`;
const describeWithPostgres = process.env.TEST_DB_NAME ? describe : describe.skip;

describeWithPostgres("npm run companies-house:sync, as a separate process", () => {
  let databaseUrl: string;
  let sim: SimulatorProcess;

  const sync = (args: string[] = []) =>
    run("npm", ["run", "--silent", "companies-house:sync", ...(args.length ? ["--", ...args] : [])], {
      env: { ...process.env, DATABASE_URL: databaseUrl, APP_ENV: "development", NODE_ENV: "development", COMPANIES_HOUSE_API_URL: sim.origin, COMPANIES_HOUSE_API_KEY: sim.apiKey },
      timeout: 120_000,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (err: { code?: number; stdout?: string; stderr?: string }) => ({ code: err.code ?? -1, stdout: err.stdout ?? "", stderr: err.stderr ?? "" }),
    );
  const query = async <T extends pg.QueryResultRow>(text: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  };
  type Row = { reference: string; company_status: string | null; company_type: string | null; confirmation_statement_due: string | null; register_checked_at: Date | null };
  const registerOf = async () =>
    new Map((await query<Row>("select reference, company_status, company_type, to_char(confirmation_statement_due, 'YYYY-MM-DD') as confirmation_statement_due, register_checked_at from clients")).map((r) => [r.reference, r]));

  beforeAll(async () => {
    [databaseUrl, sim] = await Promise.all([createTestDatabase(dbName), startSimulatorProcess()]);
    const handle = await openDatabase({ databaseUrl });
    try {
      await seedDemo(handle.db);
    } finally {
      await handle.close();
    }
    // Besides the demo's six companies: one the register does not have, one number that cannot be
    // one, and one client without a number (not asked about).
    await query(`
      insert into clients (name, reference, company_id, main_contact_email, product_tier, journey)
      values ('Unknown Ventures Ltd', 'UKV2X7PQ', '00000001', 'a@unknown.example', 'OneOff', 'PayByCard'),
             ('Typo Trading Ltd', 'TYP3W8KD', 'not-a-number', 'b@typo.example', 'OneOff', 'PayByCard'),
             ('No Number Partners', 'NON4H6RT', null, 'c@none.example', 'OneOff', 'PayByCard')`);
  });

  afterAll(async () => {
    await sim?.stop();
    await dropTestDatabases(dbName);
  });

  it("--help says how to use it", async () => {
    const { code, stdout } = await sync(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: npm run companies-house:sync/m);
  });

  it("fills every client's register data, shows progress, lists what was not found or failed, and exits 1 on a failure", async () => {
    // The first client asked (the demo's first, Hartwell Holdings) meets four 500s: more than the retries.
    await sim.failNext(500, 500, 500, 500);
    const first = await sync();
    expect(first.code).toBe(1);
    expect(first.stdout).toMatch(/Companies House register: 5 updated \(5 changed\), 2 not found, 1 failed/);
    // Not a terminal: plain progress lines, never a carriage return.
    expect(first.stderr).not.toContain("\r");
    expect(first.stderr).toMatch(/\[companies-house\] \[-{24}\] +0% 0\/8  0 updated/);
    expect(first.stderr).toMatch(/\[companies-house\] \[#{24}\] 100% 8\/8  5 updated, 2 not found, 1 failed/);
    expect(first.stderr).toContain("not on the register: UKV2X7PQ (company number 00000001)");
    expect(first.stderr).toContain("not on the register: TYP3W8KD (company number not-a-number)");
    expect(first.stderr).toMatch(/failed: HWH7K2QP \(company number 09417262\): Companies House company profile failed \(500\)/);

    const register = await registerOf();
    expect(register.get("MSA3T7KE")).toMatchObject({ company_status: "active", company_type: "llp" });
    expect(register.get("BWT9X3HN")).toMatchObject({ company_status: "active", company_type: "plc" });
    const thistle = register.get("TBD8P4VF")!;
    expect(thistle.company_type).toBe("ltd");
    // Thistle Bay's confirmation statement is overdue on the simulator's register.
    expect(Date.parse(thistle.confirmation_statement_due!)).toBeLessThan(Date.now());
    expect(register.get("UKV2X7PQ")).toMatchObject({ company_status: null, company_type: null });
    expect(register.get("UKV2X7PQ")!.register_checked_at).toBeInstanceOf(Date);
    expect(register.get("HWH7K2QP")!.register_checked_at).toBeNull();
    expect(register.get("NON4H6RT")!.register_checked_at).toBeNull();

    const audit = await query<{ action: string; user: string; new_value: unknown }>(
      "select a.action, a.user, a.new_value from audit_entries a join clients c on c.id = a.client_id where c.reference = 'MSA3T7KE' and a.action like 'Changed company%'",
    );
    expect(audit).toEqual(expect.arrayContaining([{ action: "Changed companyType", user: "system", new_value: { companyType: "llp" } }]));

    // Run again: the failed one is filled now; the others come from the cache and change nothing.
    const requestsBefore = (await sim.stats()).requests;
    const second = await sync();
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/Companies House register: 6 updated \(1 changed\), 2 not found, 0 failed/);
    expect((await registerOf()).get("HWH7K2QP")).toMatchObject({ company_status: "active", company_type: "ltd" });
    // Hartwell, and the two not found (404s are never cached); the unparseable number is never asked.
    expect((await sim.stats()).requests - requestsBefore).toBe(2);

    // --fresh asks the register for every one.
    const third = await sync(["--fresh"]);
    expect(third.code).toBe(0);
    expect((await sim.stats()).requests - requestsBefore).toBe(2 + 7);
  });
});

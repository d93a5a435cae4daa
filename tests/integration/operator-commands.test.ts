// The operator commands README names, run as an operator runs them: `npm run <script>` in a child
// process against a fresh PostgreSQL database. Jest maps `server-only` away and compiles with SWC;
// these processes have neither, so this is what proves each script loads and does its work.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";
import { createTestDatabase, dropTestDatabases } from "../setup/test-databases.mjs";

const run = promisify(execFile);
const dbName = `dvp_ops_${Date.now()}_${process.pid}`;
const describeWithPostgres = process.env.TEST_DB_NAME ? describe : describe.skip;

// Each test starts npm and the command as processes (tens of seconds on a busy two-core machine).
jest.setTimeout(180_000);

describeWithPostgres("operator commands as processes", () => {
  let databaseUrl: string;
  const npm = (args: string[]) =>
    run("npm", ["run", "--silent", ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, APP_ENV: "development", NODE_ENV: "development" },
      timeout: 120_000,
    });
  const sql = async (query: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<{ n: string }>(query)).rows;
    } finally {
      await client.end();
    }
  };
  const count = async (query: string) => Number((await sql(query))[0]!.n);

  beforeAll(async () => {
    // An empty database, not the run's template: the migration command must build everything.
    databaseUrl = await createTestDatabase(dbName);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query("drop schema public cascade; create schema public; drop schema if exists drizzle cascade; drop schema if exists pgboss cascade");
    await client.end();
  });

  afterAll(async () => {
    await dropTestDatabases(dbName);
  });

  it("npm run db:migrate builds the schema, from two machines at once", async () => {
    const [a, b] = await Promise.all([npm(["db:migrate"]), npm(["db:migrate"])]);
    expect(a.stdout + b.stdout).toMatch(/all migrations applied/);
    expect(await count("select count(*) as n from information_schema.tables where table_name in ('clients', 'directors', 'audit_entries')")).toBe(3);
  });

  it("npm run db:seed loads the demo data once, however often it runs", async () => {
    await npm(["db:seed"]);
    const clients = await count("select count(*) as n from clients");
    const directors = await count("select count(*) as n from directors");
    expect(clients).toBeGreaterThanOrEqual(6);
    await npm(["db:seed"]);
    expect(await count("select count(*) as n from clients")).toBe(clients);
    expect(await count("select count(*) as n from directors")).toBe(directors);
  });

  it("npm run db:seed -- --clients N --directors M generates benchmark data, and the search's kept tables match it", async () => {
    const out = await npm(["db:seed", "--", "--clients", "40", "--directors", "240"]);
    expect(out.stdout).toMatch(/Large data: 40 clients and 240 directors created/);
    for (const check of ["director_count_check", "client_director_counts_check", "director_search_check", "client_search_check", "search_counts_check"]) {
      expect({ check, rows: await sql(`select * from ${check}()`) }).toEqual({ check, rows: [] });
    }
  });

  it("npm run search:rebuild writes the search's side tables again, with progress and a summary", async () => {
    // Spoiled as a bulk load with the triggers off would leave them.
    await sql("update client_search set live = '{5,0,0,0,0,0,0,0}' where id = (select min(id) from client_search)");
    await sql("delete from director_search where director_id = (select min(director_id) from director_search)");
    const out = await npm(["search:rebuild"]);
    expect(out.stdout).toMatch(/before: .*client_director_counts_check\(\) lists 1.*director_search_check\(\) lists 1/);
    for (const step of ["client_search_rebuild", "director_search_rebuild", "search_counts_rebuild", "vacuum"]) expect(out.stdout).toMatch(new RegExp(`${step} done \\(\\d+ ms\\)`));
    expect(out.stdout).toMatch(/rebuilt and checked: every check finds nothing \(2 differed before/);
    for (const check of ["client_director_counts_check", "director_search_check", "search_counts_check"]) {
      expect({ check, rows: await sql(`select * from ${check}()`) }).toEqual({ check, rows: [] });
    }
  });

  it("npm run bench:observability says what it measures and how", async () => {
    const help = await npm(["bench:observability", "--", "--help"]);
    expect(help.stdout).toMatch(/^Usage: npm run bench:observability/m);
    expect(help.stdout).toContain("under 10%");
  });

  it("npm run bench runs the search benchmark against a given database and prints every scenario", async () => {
    const help = await npm(["bench", "--", "--help"]);
    expect(help.stdout).toMatch(/^Usage: npm run bench/m);
    const out = await npm(["bench", "--", "--database-url", databaseUrl, "--only", "search", "--clients", "40", "--directors", "240", "--iterations", "2", "--warmup", "0", "--concurrency", "1"]);
    expect(out.stdout).toMatch(/Client search at 4\d clients \/ 2\d\d directors/);
    for (const id of ["no-filter", "global-search", "individual-search", "individual-deep-page"]) expect(out.stdout).toContain(id);
    expect(out.stdout).toMatch(/trivial select 1/);
  });

  it("npm run jobs lists the queues and runs the nightly clean-up by hand", async () => {
    const list = await npm(["jobs", "--", "list"]);
    expect(list.stdout).toMatch(/queue\s+ready/);
    await sql("insert into rate_limits (key, window_start, count) values ('ops-old', now() - interval '3 days', 1), ('ops-new', now(), 1)");
    await npm(["jobs", "--", "run", "maintenance.prune-security-data"]);
    expect(await count("select count(*) as n from rate_limits where key = 'ops-old'")).toBe(0);
    expect(await count("select count(*) as n from rate_limits where key = 'ops-new'")).toBe(1);
  });

  it("npm run i18n:missing says the Welsh catalogue is complete", async () => {
    // It lists what is missing on stdout and says how it stands on stderr; exit 0 when nothing is missing.
    const { stderr } = await npm(["i18n:missing"]);
    expect(stderr).toContain("The Welsh catalogue is complete.");
  });

  it("npx tsx lib/domain/lifecycle-diagram.ts redraws docs/domain.md's diagrams, which are up to date", async () => {
    const fs = await import("node:fs");
    const before = fs.readFileSync("docs/domain.md", "utf8");
    await run("npx", ["tsx", "lib/domain/lifecycle-diagram.ts"], { timeout: 60_000 });
    expect(fs.readFileSync("docs/domain.md", "utf8")).toBe(before);
  });
});

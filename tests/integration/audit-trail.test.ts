// The tamper-evident audit trail (migration 0037, lib/domain/audit-chain.ts): append-only for the
// application's role and guarded for the owner, hash-chained at commit, verified by
// `npm run audit:verify` as a process, across retention markers, and nightly. Each scenario runs
// in a database of its own (a copy of one migrated here), since the worker's shared database has
// gaps left by the other files' clean-up.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { migrationsFolder, openDatabase, rowsOf, type DatabaseHandle, type Db } from "@/db/client";
import { auditEntries, notifications } from "@/db/schema";
import { recordSecurityEvent } from "@/lib/auth/record-security-event";
import { GENESIS_HASH } from "@/lib/domain/audit-chain";
import { resetEnvCache } from "@/lib/env";
import { verifyAuditTrailJob } from "@/lib/jobs/definitions/verify-audit-trail";
import { pruneSecurityEvents } from "@/lib/server/audit/prune-security-events";
import { verifyAuditTrail } from "@/lib/server/audit/verify-audit-trail";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { adminUrl, createTestDatabase, databaseUrl, dropTestDatabases } from "../setup/test-databases.mjs";

const run = promisify(execFile);
const describeWithPostgres = process.env.TEST_DB_NAME ? describe : describe.skip;
const SECRET = "audit-trail-test-secret-0123456789abcdef";
const tag = `${Date.now()}_${process.pid}`;
const base = `dvp_audit_${tag}`;
let copies = 0;
const handles: DatabaseHandle[] = [];
const clients: pg.Client[] = [];

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A fresh, migrated database of its own: a copy of the one migrated in beforeAll. */
async function freshDatabase(): Promise<string> {
  const name = `${base}_${++copies}`;
  await admin((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${base}"`));
  return databaseUrl(name);
}

async function open(url: string, extra: Parameters<typeof openDatabase>[0] = {}): Promise<Db> {
  const handle = await openDatabase({ databaseUrl: url, ...extra });
  handles.push(handle);
  return handle.db;
}

/** A plain connection (as the owner unless the URL names another user), for raw SQL. */
async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  return client;
}

/** Some history: audit entries and security events, each in its own transaction, with JSON and odd text. */
async function writeHistory(db: Db, n = 3) {
  for (let i = 0; i < n; i++) {
    await db.transaction(async (tx) => {
      await writeAudit(tx, {
        action: `Changed ${i} — “quoted” ü`,
        auditType: "ClientModified",
        entityType: "Client",
        entityId: String(100 + i),
        user: "admin@portal.example",
        oldValue: { status: "New", nested: { b: 2, a: [1, "x"] } },
        newValue: { status: "InProgress", note: "line\nbreak|pipe" },
        clientId: 100 + i,
      });
      await recordSecurityEvent(tx, { event: "SignInSucceeded", actor: `person${i}@example.com`, userType: "Admin", ip: "203.0.113.9", userAgent: "jest", detail: { method: "sso", i } });
    });
  }
}

async function count(client: pg.Client, table: string): Promise<number> {
  return Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n);
}

/** Runs `npm run audit:verify` against a database, as an operator would. */
async function auditVerify(url: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run("npm", ["run", "--silent", "audit:verify"], {
      env: { ...process.env, DATABASE_URL: url, AUTH_SECRET: SECRET, APP_ENV: "development", NODE_ENV: "development" },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}

describeWithPostgres("tamper-evident audit trail (PostgreSQL)", () => {
  const roles: string[] = [];

  beforeAll(async () => {
    await createTestDatabase(base);
  }, 120_000);

  afterAll(async () => {
    for (const c of clients) await c.end().catch(() => undefined);
    for (const h of handles) await h.close().catch(() => undefined);
    await admin(async (c) => {
      const { rows } = await c.query("select datname from pg_database where datname like $1", [`${base}%`]);
      for (const r of rows) await c.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
      for (const role of roles) await c.query(`DROP ROLE IF EXISTS "${role}"`);
    });
    await dropTestDatabases(base).catch(() => undefined);
  }, 60_000);

  it("links each row as it is inserted, and an untouched trail verifies", async () => {
    const url = await freshDatabase();
    const db = await open(url);
    const [inserted] = await db.insert(auditEntries).values({ action: "x", auditType: "ClientCreated", entityType: "Client" }).returning();
    expect(inserted).toMatchObject({ chainSeq: 1, prevHash: GENESIS_HASH, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    await writeHistory(db);
    // Many rows in one statement (as a bulk request writes its individuals' entries) link one after another.
    await db.execute(sql`insert into audit_entries (action, audit_type, entity_type, entity_id) select 'Bulk ' || g, 'DirectorCreated', 'Director', g::text from generate_series(1, 200) g`);
    const owner = await connect(url);
    const { rows } = await owner.query("select id, chain_seq, prev_hash, hash from audit_entries order by chain_seq");
    expect(rows.map((r) => Number(r.chain_seq))).toEqual(Array.from({ length: 204 }, (_, i) => i + 1));
    expect(rows[0].prev_hash).toBe(GENESIS_HASH);
    for (let i = 1; i < rows.length; i++) expect(rows[i].prev_hash).toBe(rows[i - 1].hash);
    const [head] = (await owner.query("select seq, hash from audit_chain_heads where chain = 'audit_entries'")).rows;
    expect([Number(head.seq), head.hash]).toEqual([204, rows.at(-1).hash]);

    const report = await verifyAuditTrail({ db, secret: SECRET });
    expect(report).toMatchObject({ intact: true, verified: 207, broken: null, chains: { audit_entries: { verified: 204 }, security_events: { verified: 3 } } });
  });

  it("refuses UPDATE, DELETE and TRUNCATE of audit rows even for the owner", async () => {
    const url = await freshDatabase();
    await writeHistory(await open(url), 1);
    const owner = await connect(url);
    for (const statement of [
      "update audit_entries set action = 'changed'",
      "delete from audit_entries",
      "truncate audit_entries",
      "update security_events set actor = 'someone else'",
      "delete from security_events",
      "insert into audit_retention_markers (chain, first_seq, last_seq, last_hash, rows_deleted, created_at, signature) values ('security_events', 1, 1, 'x', 1, now(), 'x')",
    ]) {
      if (statement.startsWith("insert")) {
        await owner.query(statement);
        await expect(owner.query("update audit_retention_markers set rows_deleted = 0")).rejects.toThrow(/append-only/);
        await expect(owner.query("delete from audit_retention_markers")).rejects.toThrow(/append-only/);
      } else {
        await expect(owner.query(statement)).rejects.toThrow(/append-only: (UPDATE|DELETE|TRUNCATE) refused/);
      }
    }
    expect(await count(owner, "audit_entries")).toBe(1);
  });

  it("lets the application's role insert and read audit rows, and refuses its UPDATE and DELETE", async () => {
    const url = await freshDatabase();
    const role = `dvp_app_${tag}`;
    roles.push(role);
    await admin((c) => c.query(`CREATE ROLE "${role}" LOGIN`));
    const appUrl = new URL(url);
    appUrl.username = role;
    // The portal as a deployment runs it: DATABASE_URL is the application's role, migrations run as
    // the owner (DATABASE_MIGRATION_URL), and the runner grants the role its privileges.
    const db = await open(appUrl.toString(), { migrate: true, migrationUrl: url });
    // With nothing pending, a process of the application's role opens it alone (no DDL tried).
    await open(appUrl.toString(), { migrate: true });
    await writeHistory(db, 2);
    const app = await connect(appUrl.toString());
    expect(await count(app, "audit_entries")).toBe(2);
    await expect(app.query("update audit_entries set action = 'changed' where chain_seq = 1")).rejects.toThrow(/permission denied for table audit_entries/);
    await expect(app.query("delete from audit_entries")).rejects.toThrow(/permission denied for table audit_entries/);
    await expect(app.query("update security_events set actor = 'x'")).rejects.toThrow(/permission denied for table security_events/);
    await expect(app.query("delete from security_events")).rejects.toThrow(/permission denied for table security_events/);
    await expect(app.query("update audit_chain_heads set seq = 0")).rejects.toThrow(/permission denied/);
    // Everything else stays the application's to change.
    await app.query("update clients set notes = notes where false");

    // The same grants, given by hand with SET ROLE, as README's "Database roles" shows for operators.
    const owner = await connect(url);
    const setRole = `dvp_app_set_${tag}`;
    roles.push(setRole);
    await owner.query(`CREATE ROLE "${setRole}"`);
    await owner.query("select portal_grant_app_role($1)", [setRole]);
    await owner.query(`SET ROLE "${setRole}"`);
    await owner.query("insert into audit_entries (action, audit_type, entity_type) values ('as the app role', 'ClientCreated', 'Client')");
    await expect(owner.query("update audit_entries set action = 'changed'")).rejects.toThrow(/permission denied for table audit_entries/);
    await owner.query("RESET ROLE");

    // Retention still works for the application's role, through the owner's function, and leaves a marker.
    await app.query("insert into security_events (event, actor, \"timestamp\") values ('RateLimited', 'old@example.com', now() - interval '500 days')");
    expect(await pruneSecurityEvents({ db, secret: SECRET, retentionDays: 400, batchSize: 100 })).toBe(1);
    const report = await verifyAuditTrail({ db, secret: SECRET });
    expect(report).toMatchObject({ intact: true, verified: 5, chains: { audit_entries: { verified: 3 }, security_events: { verified: 2, removed: 1 } } });
  });

  it("npm run audit:verify says the trail is intact, then names the first row the owner changed", async () => {
    const url = await freshDatabase();
    await writeHistory(await open(url), 4);
    const owner = await connect(url);
    const total = (await count(owner, "audit_entries")) + (await count(owner, "security_events"));

    const intact = await auditVerify(url);
    expect(intact.code).toBe(0);
    expect(intact.stdout).toContain(`The audit trail is intact: ${total} entries verified.`);

    const { rows } = await owner.query(
      `select id, to_char("timestamp" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from audit_entries where chain_seq = 2`,
    );
    const { id, at } = rows[0] as { id: string; at: string };
    await owner.query("alter table audit_entries disable trigger audit_entries_guard");
    await owner.query(`update audit_entries set new_value = '{"status": "Completed"}' where id = $1`, [id]);
    await owner.query("alter table audit_entries enable trigger audit_entries_guard");

    const broken = await auditVerify(url);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`The audit trail is broken at audit entry ${id} (${at})`);
    expect(broken.stderr).toMatch(/changed after it was written/);
    expect(broken.stdout).not.toContain("intact");
  }, 180_000);

  it("finds a row removed, a row replaced with a recomputed hash, and the newest rows removed", async () => {
    const scenarios: { tamper: string[]; expected: object }[] = [
      {
        // A row taken out of the middle: the next one's previous link is missing.
        tamper: ["set portal.audit_prune = 'on'", "delete from audit_entries where chain_seq = 2", "reset portal.audit_prune"],
        expected: { kind: "gap", seq: 3, missing: { from: 2, to: 2 } },
      },
      {
        // A row changed and its own hash recomputed: the next one no longer follows from it.
        tamper: [
          "alter table audit_entries disable trigger audit_entries_guard",
          "update audit_entries set action = 'rewritten' where chain_seq = 2",
          "update audit_entries set hash = audit_chain_hash(prev_hash, audit_entry_canonical(audit_entries)) where chain_seq = 2",
          "alter table audit_entries enable trigger audit_entries_guard",
        ],
        expected: { kind: "link", seq: 3 },
      },
      {
        // The newest row removed: the head still names it.
        tamper: ["set portal.audit_prune = 'on'", "delete from audit_entries where chain_seq = 4", "reset portal.audit_prune"],
        expected: { kind: "head", seq: 3, missing: { from: 4, to: 4 } },
      },
      {
        // A row added while the link trigger was off.
        tamper: [
          "alter table audit_entries disable trigger audit_entries_link",
          "insert into audit_entries (action, audit_type, entity_type) values ('slipped in', 'ClientModified', 'Client')",
          "alter table audit_entries enable trigger audit_entries_link",
        ],
        expected: { kind: "unlinked", seq: null },
      },
    ];
    for (const { tamper, expected } of scenarios) {
      const url = await freshDatabase();
      const db = await open(url);
      await writeHistory(db, 4);
      expect((await verifyAuditTrail({ db, secret: SECRET })).intact).toBe(true);
      const owner = await connect(url);
      for (const statement of tamper) await owner.query(statement);
      const report = await verifyAuditTrail({ db, secret: SECRET });
      expect(report.intact).toBe(false);
      expect(report.broken).toMatchObject({ chain: "audit_entries", ...expected });
    }
  }, 120_000);

  it("keeps one chain when two connections insert at once", async () => {
    const url = await freshDatabase();
    const [a, b] = [await open(url, { poolMax: 4 }), await open(url, { poolMax: 4 })];
    const pause = () => new Promise((r) => setTimeout(r, Math.floor(Math.random() * 8)));
    const writer = (db: Db, who: string) =>
      Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          db.transaction(async (tx) => {
            await writeAudit(tx, { action: `${who} ${i} first`, auditType: "ClientModified", entityType: "Client", user: who });
            await pause();
            await writeAudit(tx, { action: `${who} ${i} second`, auditType: "ClientModified", entityType: "Client", user: who });
            await recordSecurityEvent(tx, { event: "LinkRequested", actor: who });
            await pause();
          }),
        ),
      );
    await Promise.all([writer(a, "a@example.com"), writer(b, "b@example.com")]);

    const owner = await connect(url);
    const { rows } = await owner.query<{ chain_seq: string; user: string }>('select chain_seq, "user" from audit_entries order by chain_seq');
    expect(rows.map((r) => Number(r.chain_seq))).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    // The two writers' transactions did interleave.
    const switches = rows.filter((r, i) => i > 0 && r.user !== rows[i - 1]!.user).length;
    expect(switches).toBeGreaterThan(1);
    const report = await verifyAuditTrail({ db: a, secret: SECRET });
    expect(report).toMatchObject({ intact: true, verified: 90 });
  });

  it("retention leaves signed markers that the verification follows, and a forged marker is found", async () => {
    const url = await freshDatabase();
    const db = await open(url);
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
    // Old and recent events interleaved along the chain: retention removes several runs.
    const plan = [40, 40, 5, 40, 40, 40, 5, 40, 1];
    for (const [i, days] of plan.entries()) {
      await db.transaction((tx) => tx.execute(sql`insert into security_events (event, actor, "timestamp") values ('RateLimited', ${`e${i}@example.com`}, ${ago(days)})`));
    }
    let deleted = 0;
    for (;;) {
      const n = await pruneSecurityEvents({ db, secret: SECRET, retentionDays: 30, batchSize: 2 });
      deleted += n;
      if (n < 2) break;
    }
    expect(deleted).toBe(6);
    const owner = await connect(url);
    const markers = (await owner.query("select first_seq, last_seq, rows_deleted from audit_retention_markers order by first_seq")).rows.map((r) => [Number(r.first_seq), Number(r.last_seq), r.rows_deleted]);
    expect(markers).toEqual([
      [1, 2, 2],
      [4, 5, 2],
      [6, 6, 1],
      [8, 8, 1],
    ]);
    const report = await verifyAuditTrail({ db, secret: SECRET });
    expect(report).toMatchObject({ intact: true, verified: 3, chains: { security_events: { verified: 3, removed: 6 } } });
    expect((await auditVerify(url)).stdout).toContain("The audit trail is intact: 3 entries verified.");

    // A marker that says something else than what was signed.
    await owner.query("alter table audit_retention_markers disable trigger audit_retention_markers_guard");
    await owner.query("update audit_retention_markers set rows_deleted = 1 where first_seq = 4");
    await owner.query("alter table audit_retention_markers enable trigger audit_retention_markers_guard");
    const forged = await verifyAuditTrail({ db, secret: SECRET });
    expect(forged.broken).toMatchObject({ chain: "security_events", kind: "marker", seq: 4 });
    // And one signed with another secret.
    const db2 = await open(await freshDatabase());
    await db2.transaction((tx) => tx.execute(sql`insert into security_events (event, actor, "timestamp") values ('RateLimited', 'old@example.com', ${ago(40)})`));
    await pruneSecurityEvents({ db: db2, secret: "another-secret-entirely-0123456789abcdef", retentionDays: 30, batchSize: 10 });
    expect((await verifyAuditTrail({ db: db2, secret: SECRET })).broken).toMatchObject({ kind: "marker" });
  }, 120_000);

  it("the nightly check notifies admins once when the trail is broken, and not at all when intact", async () => {
    const url = await freshDatabase();
    const db = await open(url);
    await writeHistory(db, 2);
    const ctx = { db, jobId: "audit-verify-test", attempt: 1 };
    const notes = async () => (await db.select().from(notifications)).filter((n) => /audit trail/.test(n.message));
    process.env.AUTH_SECRET = SECRET;
    resetEnvCache();
    try {
      await verifyAuditTrailJob.run({}, ctx);
      expect(await notes()).toEqual([]);

      const owner = await connect(url);
      const { rows } = await owner.query("select id from audit_entries where chain_seq = 1");
      await owner.query("alter table audit_entries disable trigger audit_entries_guard");
      await owner.query("update audit_entries set \"user\" = 'someone-else@example.com' where chain_seq = 1");
      await owner.query("alter table audit_entries enable trigger audit_entries_guard");
      await verifyAuditTrailJob.run({}, ctx);
      await verifyAuditTrailJob.run({}, ctx);
      const sent = await notes();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ recipient: null, link: "/administration/audit" });
      expect(sent[0]!.message).toContain(`broken link at audit entry ${rows[0].id}`);
    } finally {
      delete process.env.AUTH_SECRET;
      resetEnvCache();
    }
  });

  it("the migration links the rows already there in id order", async () => {
    // Migrate up to the migration before this one, write rows, then migrate the rest.
    const name = `${base}_backfill`;
    await admin(async (c) => c.query(`CREATE DATABASE "${name}"`));
    const url = databaseUrl(name);
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "dvp-migrations-"));
    try {
      fs.cpSync(migrationsFolder, tmp, { recursive: true });
      const journalPath = path.join(tmp, "meta", "_journal.json");
      const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
      journal.entries = journal.entries.filter((e) => e.tag < "0037");
      fs.writeFileSync(journalPath, JSON.stringify(journal));
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      try {
        await migrate(drizzle(pool), { migrationsFolder: tmp });
        await pool.query(`insert into audit_entries (id, action, audit_type, entity_type, "timestamp") overriding system value values
          (7, 'third', 'ClientModified', 'Client', now()), (3, 'first', 'ClientCreated', 'Client', now() - interval '2 days'), (5, 'second', 'ClientModified', 'Client', now() - interval '1 day')`);
        await pool.query("insert into security_events (event, actor) values ('SignedOut', 'a@example.com'), ('SignedOut', 'b@example.com')");
        await migrate(drizzle(pool), { migrationsFolder });
        const { rows } = await pool.query("select id, chain_seq from audit_entries order by chain_seq");
        expect(rows.map((r) => [Number(r.id), Number(r.chain_seq)])).toEqual([
          [3, 1],
          [5, 2],
          [7, 3],
        ]);
      } finally {
        await pool.end();
      }
      const db = await open(url);
      await writeHistory(db, 1);
      expect(await verifyAuditTrail({ db, secret: SECRET })).toMatchObject({ intact: true, verified: 7 });
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("tamper-evident audit trail (embedded PGlite)", () => {
  it("chains, guards and verifies on the embedded database too", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dvp-audit-pglite-"));
    const handle = await openDatabase({ dataDir: dir });
    try {
      await writeHistory(handle.db, 2);
      await expect(handle.db.execute(sql`update audit_entries set action = 'changed'`)).rejects.toThrow();
      expect(await verifyAuditTrail({ db: handle.db, secret: SECRET })).toMatchObject({ intact: true, verified: 4 });
      await handle.db.execute(sql`alter table audit_entries disable trigger audit_entries_guard`);
      await handle.db.execute(sql`update audit_entries set action = 'changed' where chain_seq = 2`);
      const report = await verifyAuditTrail({ db: handle.db, secret: SECRET });
      expect(report.broken).toMatchObject({ chain: "audit_entries", kind: "content", seq: 2 });
      const seqs = rowsOf<{ chain_seq: number }>(await handle.db.execute(sql`select chain_seq from security_events order by chain_seq`)).map((r) => Number(r.chain_seq));
      expect(seqs).toEqual([1, 2]);
    } finally {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

import pg from "pg";
import { sql } from "drizzle-orm";
import { rowsOf } from "@/db/client";
import { checkSearchModel } from "@/lib/server/search-model/check-search-model";
import { foldSearchCounts } from "@/lib/server/search-model/fold-search-counts";
import { SEARCH_THRESHOLDS } from "@/lib/server/clients/search/config";
import { runSearch } from "@/lib/server/clients/search/run";
import { clientSearchSchema } from "@/lib/schemas/client-search";
import { run as runCheckJob } from "@/lib/jobs/definitions/check-search-model.handler";
import { ownDatabase } from "./support/own-database";

/*
 * The admin search's kept counts under parallel writers (db/search/03-on-directors.sql): directors
 * added, moved, deleted and changed while their client is deleted and restored, on several
 * connections at once, then every check of the read model finds nothing (each compares what is
 * kept with a recount). Then the fold keeps every sum, and the nightly check notifies the admins
 * of a difference. A database of its own, since the last test spoils it on purpose.
 */

const own = ownDatabase("dvp_search_race", { poolMax: 8 });

const statuses = ["AwaitingIDInfo", "Verified", "UnderReview", "OutstandingIDInfo", "IDVLinkExpired", "AwaitingAuthCode", "Complete", "Rejected"];
let seq = 0;

async function insertClient(c: pg.PoolClient | pg.Pool): Promise<number> {
  seq++;
  const { rows } = await c.query<{ id: number }>(
    `insert into clients (name, reference, main_contact_email, product_tier, status, journey)
     values ($1, $2, $3, 'Managed', 'InProgress', 'Existing') returning id`,
    [`Race ${seq} Ltd`, `RACE${process.pid}C${seq}`, `race${seq}@example.com`],
  );
  return rows[0]!.id;
}

async function insertDirectors(c: pg.PoolClient | pg.Pool, clientId: number, n: number): Promise<void> {
  const values: string[] = [];
  const params: unknown[] = [];
  for (let i = 0; i < n; i++) {
    seq++;
    params.push(clientId, `Person ${seq}`, `person${seq}@example.com`, `RACE${process.pid}D${seq}`, statuses[seq % statuses.length]);
    const b = params.length - 5;
    values.push(`($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}::director_status)`);
  }
  await c.query(`insert into directors (client_id, name, email, reference, status) values ${values.join(", ")}`, params);
}

/** Runs `fn` in a transaction on its own connection; a deadlock (which PostgreSQL ends by rolling one back) is counted, not thrown. */
async function tx(fn: (c: pg.PoolClient) => Promise<void>): Promise<"ok" | "deadlock"> {
  const c = await own.pool.connect();
  try {
    await c.query("begin");
    await fn(c);
    await c.query("commit");
    return "ok";
  } catch (err) {
    await c.query("rollback").catch(() => undefined);
    if ((err as { code?: string }).code === "40P01") return "deadlock";
    throw err;
  } finally {
    c.release();
  }
}

const pause = (c: pg.PoolClient) => c.query("select pg_sleep(0.02)");

async function drift() {
  return (await checkSearchModel({ db: own.handle.db })).map((d) => `${d.check}: ${JSON.stringify(d.examples)}`);
}

describe("the search's kept counts under parallel writers", () => {
  it("a director added while its client is deleted, either first, is counted as the recount counts it", async () => {
    for (const deleteFirst of [true, false]) {
      const clientId = await insertClient(own.pool);
      await insertDirectors(own.pool, clientId, 2);
      const deletion = own.pool.connect();
      const addition = own.pool.connect();
      const [d, a] = await Promise.all([deletion, addition]);
      try {
        await d.query("begin");
        await a.query("begin");
        const [first, second] = deleteFirst ? [d, a] : [a, d];
        const firstWrite = deleteFirst ? d.query("update clients set is_deleted = true where id = $1", [clientId]) : insertDirectors(a, clientId, 3);
        await firstWrite;
        // The second writer waits on the first's lock of the client's row, until the first commits.
        const secondWrite = deleteFirst ? insertDirectors(a, clientId, 3) : d.query("update clients set is_deleted = true where id = $1", [clientId]);
        await new Promise((r) => setTimeout(r, 200));
        await first.query("commit");
        await secondWrite;
        await second.query("commit");
      } finally {
        d.release();
        a.release();
      }
      expect(await drift()).toEqual([]);
    }
  });

  it("a director changed while its client is deleted, changes status or its main contact's domain keeps the client's state in its search row and counts", async () => {
    const clientChanges = ["set is_deleted = true", "set status = 'Completed'", "set main_contact_email = 'boss@elsewhere.example'"];
    // A name (copied to the search row), a status (counted, also per domain), an email moved out of the client's domain.
    const directorChanges = ["set name = name || ' Renamed'", "set status = 'Verified'", "set email = split_part(email, '@', 1) || '@elsewhere.example'"];
    for (const clientChange of clientChanges) {
      for (const directorChange of directorChanges) {
        const clientId = await insertClient(own.pool);
        await insertDirectors(own.pool, clientId, 2);
        const c = await own.pool.connect();
        try {
          await c.query("begin");
          // The client's change rewrites its directors' rows of director_search, not yet committed.
          await c.query(`update clients ${clientChange} where id = $1`, [clientId]);
          // A director changed meanwhile, on another connection: it must not write the client's
          // state it read before the change committed, nor count by it.
          const change = own.pool.query(`update directors ${directorChange} where client_id = $1`, [clientId]);
          await new Promise((r) => setTimeout(r, 200));
          await c.query("commit");
          await change;
        } finally {
          c.release();
        }
        expect({ clientChange, directorChange, drift: await drift() }).toEqual({ clientChange, directorChange, drift: [] });
      }
    }
  });

  it("a client's main contact moving to another domain and back rewrites what its directors' search text holds, and their count", async () => {
    const clientId = await insertClient(own.pool);
    await insertDirectors(own.pool, clientId, 3);
    const shared = async () =>
      (await own.pool.query<{ shared: boolean }>("select shares_client_domain as shared from director_search where client_id = $1 order by director_id", [clientId])).rows.map((r) => r.shared);
    // The client's directors of its main contact's domain, live and in all (client_search's arrays summed).
    const counted = async () =>
      (
        await own.pool.query<{ live: number; all: number; domain: string }>(
          `select (select sum(v) from unnest(shared_live) v)::int as live, (select sum(v) from unnest(shared_alld) v)::int as all, main_contact_domain as domain
           from client_search where id = $1`,
          [clientId],
        )
      ).rows[0];
    expect({ shared: await shared(), counted: await counted() }).toEqual({ shared: [true, true, true], counted: { live: 3, all: 3, domain: "@example.com" } });
    await own.pool.query("update directors set is_deleted = true where id = (select min(id) from directors where client_id = $1)", [clientId]);
    expect(await counted()).toEqual({ live: 2, all: 3, domain: "@example.com" });
    await own.pool.query("update clients set main_contact_email = 'boss@elsewhere.example' where id = $1", [clientId]);
    expect({ shared: await shared(), counted: await counted(), drift: await drift() }).toEqual({
      shared: [false, false, false],
      counted: { live: 0, all: 0, domain: "@elsewhere.example" },
      drift: [],
    });
    await own.pool.query("update clients set main_contact_email = 'Boss@EXAMPLE.com' where id = $1", [clientId]);
    expect({ shared: await shared(), counted: await counted(), drift: await drift() }).toEqual({
      shared: [true, true, true],
      counted: { live: 2, all: 3, domain: "@example.com" },
      drift: [],
    });
  });

  it("many writers on the same clients at once leave every count equal to a recount", async () => {
    const ids = [await insertClient(own.pool), await insertClient(own.pool), await insertClient(own.pool)];
    for (const id of ids) await insertDirectors(own.pool, id, 6);
    const pick = <T,>(xs: readonly T[], i: number) => xs[i % xs.length]!;
    const writers: ((i: number) => Promise<"ok" | "deadlock">)[] = [
      // Directors added.
      (i) => tx(async (c) => { await insertDirectors(c, pick(ids, i), 1 + (i % 3)); await pause(c); }),
      // A client deleted or restored.
      (i) => tx(async (c) => { await c.query("update clients set is_deleted = not is_deleted where id = $1", [pick(ids, i + 1)]); await pause(c); }),
      // Statuses changed.
      (i) => tx(async (c) => {
        await c.query("update directors set status = $2::director_status where client_id = $1 and id % 3 = $3", [pick(ids, i + 2), pick(statuses, i), i % 3]);
        await pause(c);
      }),
      // Directors deleted or restored, and one moved to another client.
      (i) => tx(async (c) => {
        await c.query("update directors set is_deleted = not is_deleted where client_id = $1 and id % 4 = $2", [pick(ids, i), i % 4]);
        await c.query("update directors set client_id = $2 where id = (select min(id) from directors where client_id = $1)", [pick(ids, i + 1), pick(ids, i + 2)]);
        await pause(c);
      }),
      // Directors removed for good.
      (i) => tx(async (c) => { await c.query("delete from directors where id = (select max(id) from directors where client_id = $1)", [pick(ids, i + 2)]); await pause(c); }),
      // A client's status changed.
      (i) => tx(async (c) => { await c.query("update clients set status = $2 where id = $1", [pick(ids, i), i % 2 ? "Completed" : "InProgress"]); await pause(c); }),
      // A client's main contact moved to another email domain, or back (its directors' search text
      // holds their email's domain only when it is not the main contact's).
      (i) => tx(async (c) => {
        await c.query("update clients set main_contact_email = $2 where id = $1", [pick(ids, i + 1), i % 2 ? "boss@elsewhere.example" : `race${i}@example.com`]);
        await pause(c);
      }),
      // A director's email moved to another domain, or back.
      (i) => tx(async (c) => {
        await c.query("update directors set email = split_part(email, '@', 1) || $2 where id = (select min(id) from directors where client_id = $1)", [pick(ids, i), i % 2 ? "@elsewhere.example" : "@example.com"]);
        await pause(c);
      }),
    ];
    const outcomes: string[] = [];
    for (let round = 0; round < 15; round++) {
      outcomes.push(...(await Promise.all(writers.map((w, k) => w(round * writers.length + k)))));
    }
    expect(outcomes.filter((o) => o === "ok").length).toBeGreaterThan(outcomes.length / 2);
    expect(await drift()).toEqual([]);
  }, 60_000);
});

describe("the fold and the nightly check", () => {
  const sums = async () =>
    rowsOf<{ t: string; scope: string; status: string; n: number }>(
      await own.handle.db.execute(sql`select "subject" || ':' || "gram" as "t", "scope", "status", sum("delta")::int as "n" from "search_counts"
        group by 1, 2, 3 having sum("delta") <> 0 order by 1, 2, 3`),
    );
  const rowCount = async () =>
    Number(
      rowsOf<{ n: number }>(
        await own.handle.db.execute(sql`select count(*) as "n" from "search_counts" where "gram" in ('', 'r')`),
      )[0]!.n,
    );

  it("is not written by a search: every kind leaves the deltas as they are, for the job to fold", async () => {
    const rowsBefore = await rowCount();
    expect(rowsBefore).toBeGreaterThan(40);
    const queries = [
      {},
      { tableViewMode: "individual" },
      { filters: { reference: "r" } },
      { tableViewMode: "individual", filters: { reference: "r" } },
      { globalSearch: "person" },
      { tableViewMode: "individual", status: "Verified" },
    ];
    for (const q of queries) await runSearch({ db: own.handle.db, query: clientSearchSchema.parse(q), thresholds: { ...SEARCH_THRESHOLDS, fewMatches: 1 } });
    expect(await rowCount()).toBe(rowsBefore);
  });

  it("folds the deltas into fewer rows with the same sums, and a second fold finds nothing", async () => {
    const before = await sums();
    const rowsBefore = await rowCount();
    const removed = await foldSearchCounts({ db: own.handle.db });
    expect(removed).toBeGreaterThan(0);
    expect(await rowCount()).toBeLessThan(rowsBefore);
    expect(await sums()).toEqual(before);
    expect(await foldSearchCounts({ db: own.handle.db })).toBe(0);
    expect(await drift()).toEqual([]);
  });

  it("notifies every admin, once a day, when a check finds a difference", async () => {
    await own.handle.db.execute(sql`update "client_search" set "live" = '{9,0,0,0,0,0,0,0}' where "id" = (select min("id") from "client_search")`);
    await own.handle.db.execute(sql`insert into "search_counts" ("subject", "gram", "scope", "status", "delta") values ('director', '', 'live', 'Verified', 1)`);
    const found = await checkSearchModel({ db: own.handle.db });
    expect(found.map((d) => d.check).sort()).toEqual(["client_director_counts_check", "search_counts_check"]);
    await runCheckJob({}, { db: own.handle.db, jobId: "j1", attempt: 1 });
    await runCheckJob({}, { db: own.handle.db, jobId: "j2", attempt: 1 });
    const notes = rowsOf<{ message: string }>(await own.handle.db.execute(sql`select "message" from "notifications" where "dedupe_key" like 'search-model-drift:%'`));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toMatch(/nightly check of the admin search found 2 differences.*npm run search:rebuild/);
  });
});

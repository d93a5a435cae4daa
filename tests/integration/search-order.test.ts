import { sql } from "drizzle-orm";
import { rowsOf } from "@/db/client";
import { run as runCheckJob } from "@/lib/jobs/definitions/check-search-model.handler";
import { checkSearchOrder, SEARCH_ORDER_LIMITS } from "@/lib/server/search-model/check-search-order";
import { ownDatabase } from "./support/own-database";

/*
 * director_search in the order of the directors' names (db/search/02-derived.sql
 * director_name_order, 06-rebuild.sql): the rebuild writes it so, a change to a row keeps the row
 * on its page, the directors added since are counted out of order (05-checks.sql
 * director_search_order_check), and the nightly job asks the admins for a rebuild once a
 * twentieth of a large table is. A database of its own: the test adds tens of thousands of directors.
 */

const own = ownDatabase("dvp_search_order", { poolMax: 2 });

const FIRST = ["ann", "Bea", "carl", "Dev", "Émile", "fay", "Gus", "hal", "Ivy", "jo"];
const LAST = ["Okafor", "smith", "Smithson", "de Souza", "Lee", "ap Rhys", "O'Neil", "Ng", "brown", "Patel-Shah"];

/** The order the rebuild writes: the last word of the name, then the whole name, lower-cased, compared as bytes (COLLATE "C"). */
const orderKey = (name: string) => `${name.trim().replace(/^.*\s/, "").toLowerCase()}\x01${name.toLowerCase()}`;
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** A deterministic shuffle (so that a failure repeats). */
function shuffled<T>(items: T[], seed = 7): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function insertClients(n: number): Promise<number[]> {
  const { rows } = await own.pool.query<{ id: number }>(
    `insert into clients (name, reference, main_contact_email, product_tier, status, journey)
     select 'Order ' || i || ' Ltd', 'ORD' || $1 || 'C' || i, 'contact' || i || '@order' || i || '.example', 'Managed', 'InProgress', 'Existing'
     from generate_series(1, $2::int) as i returning id`,
    [process.pid, n],
  );
  return rows.map((r) => r.id);
}

/**
 * Directors named from FIRST and LAST by a hash of their number (the same every run; with the
 * number, so that every name differs), spread over the clients, in statements of `perStatement`
 * rows (each statement's rows are written in the order of names, so small statements are what
 * leaves the table out of order).
 */
async function insertDirectors(clientIds: number[], n: number, tag: string, perStatement = n): Promise<void> {
  for (let from = 0; from < n; from += perStatement) await insertStatement(clientIds, from, Math.min(perStatement, n - from), tag);
}

async function insertStatement(clientIds: number[], from: number, n: number, tag: string): Promise<void> {
  await own.pool.query(
    `insert into directors (client_id, name, email, reference, status)
     select ($1::int[])[1 + (i % array_length($1::int[], 1))],
       ($2::text[])[1 + (hashtext('f' || $4 || i) & 2147483647) % array_length($2::text[], 1)] || ' ' || $4 || i || ' '
         || ($3::text[])[1 + (hashtext('l' || $4 || i) & 2147483647) % array_length($3::text[], 1)],
       'd' || $4 || i || '@mail.example', 'ORD' || $4 || 'D' || i, 'AwaitingIDInfo'
     from generate_series($5::int + 1, $5::int + $6::int) as i`,
    [clientIds, FIRST, LAST, tag, from, n],
  );
}

const pageOf = async (): Promise<Map<number, number>> =>
  new Map((await own.pool.query<{ id: number; page: number }>(`select director_id as id, (ctid::text::point)[0]::int as page from director_search`)).rows.map((r) => [r.id, r.page]));

describe("director_search in the order of the directors' names", () => {
  let clientIds: number[];

  it("is written by the rebuild in the order of the surname, then the whole name", async () => {
    clientIds = await insertClients(20);
    // Every first name with every surname, in a shuffled order, with odd spacing and capitals.
    const names = shuffled(FIRST.flatMap((f) => LAST.map((l, i) => (i % 3 === 0 ? `  ${f}  ${l} ` : `${f} ${l}`))));
    for (const [i, name] of names.entries()) {
      await own.pool.query(`insert into directors (client_id, name, email, reference, status) values ($1, $2, $3, $4, 'AwaitingIDInfo')`, [
        clientIds[i % clientIds.length],
        name,
        `n${i}@mail.example`,
        `ORDN${i}`,
      ]);
    }
    const inPageOrder = async () => (await own.pool.query<{ name: string }>(`select name from director_search order by ctid`)).rows.map((r) => r.name);
    const expected = [...names].sort((a, b) => byteOrder(orderKey(a), orderKey(b)));
    expect(await inPageOrder()).not.toEqual(expected);
    expect((await checkSearchOrder({ db: own.handle.db })).outOfOrder).toBeGreaterThan(0);

    await own.pool.query(`select director_search_rebuild()`);
    expect(await inPageOrder()).toEqual(expected);
    // Each surname's directors together: every smith before any Smithson, "de Souza" among the s's.
    const surnames = expected.map((n) => n.trim().split(/\s+/).at(-1)!.toLowerCase());
    expect(surnames.lastIndexOf("smith")).toBeLessThan(surnames.indexOf("smithson"));
    expect(surnames.lastIndexOf("souza") - surnames.indexOf("souza")).toBe(FIRST.length - 1);
    expect(await checkSearchOrder({ db: own.handle.db })).toEqual({ directors: names.length, outOfOrder: 0, rebuildAdvised: false });
  });

  it("keeps a director's row on its page when the director's status or the client's changes", async () => {
    const rows = (
      await own.pool.query<{ id: number; client: number; page: number }>(
        `select director_id as id, client_id as client, (ctid::text::point)[0]::int as page from director_search order by ctid`,
      )
    ).rows;
    const before = new Map(rows.map((r) => [r.id, r.page]));
    // The room a page keeps (a tenth) holds a few new versions of its rows, whether or not
    // PostgreSQL has reclaimed the old ones yet (it cannot while another transaction may still see
    // them): one director of each page, and the client with the fewest directors on any one page.
    const ids = [...new Map(rows.map((r) => [r.page, r.id] as const).reverse()).values()];
    const perPage = (client: number) => {
      const counts = new Map<number, number>();
      for (const r of rows) if (r.client === client) counts.set(r.page, (counts.get(r.page) ?? 0) + 1);
      return Math.max(...counts.values());
    };
    const client = [...clientIds].sort((a, b) => perPage(a) - perPage(b))[0]!;
    // A transaction that can still see the old versions, so that none is reclaimed: the worst case.
    const reader = await own.pool.connect();
    try {
      await reader.query("begin isolation level repeatable read");
      await reader.query("select count(*) from director_search");
      for (const id of ids) await own.pool.query(`update directors set status = 'UnderReview' where id = $1`, [id]);
      await own.pool.query(`update clients set status = 'Completed' where id = $1`, [client]);
    } finally {
      await reader.query("rollback");
      reader.release();
    }
    const moved = [...(await pageOf())].filter(([id, page]) => before.get(id) !== page);
    expect(moved).toEqual([]);
    const changed = await own.pool.query(`select count(*)::int as n from director_search where status = 'UnderReview' or client_status = 'Completed'`);
    expect(changed.rows[0].n).toBeGreaterThan(ids.length);
    expect((await checkSearchOrder({ db: own.handle.db })).outOfOrder).toBe(0);
  });

  it("counts the directors added since out of order, and the nightly job asks the admins for a rebuild once a twentieth of a large table is", async () => {
    const notes = async () =>
      rowsOf<{ message: string }>(await own.handle.db.execute(sql`select "message" from "notifications" where "dedupe_key" like 'search-order-drift:%'`));
    await insertDirectors(clientIds, SEARCH_ORDER_LIMITS.minDirectors, "a");
    // Rebuilt into an empty file (the room earlier tests left would take a few pages of it), so
    // that every page is in order and the counts below are exact.
    await own.pool.query(`truncate director_search`);
    await own.pool.query(`select director_search_rebuild()`);
    const rebuilt = await checkSearchOrder({ db: own.handle.db });
    expect(rebuilt).toMatchObject({ outOfOrder: 0, rebuildAdvised: false });

    // Directors added a few at a time since (here forty a statement) are written on pages of their
    // own, in no order: a fiftieth of the table, no notice.
    await insertDirectors(clientIds, 400, "b", 40);
    const few = await checkSearchOrder({ db: own.handle.db });
    expect(few.directors).toBe(rebuilt.directors + 400);
    expect(few.outOfOrder).toBeGreaterThan(0);
    expect(few.outOfOrder).toBeLessThan(400);
    expect(few.rebuildAdvised).toBe(false);
    await runCheckJob({}, { db: own.handle.db, jobId: "j0", attempt: 1 });
    expect(await notes()).toEqual([]);

    // A tenth: about half of it on pages out of order, over the limit.
    await insertDirectors(clientIds, 1_600, "c", 40);
    expect(await checkSearchOrder({ db: own.handle.db })).toMatchObject({ rebuildAdvised: true });
    await runCheckJob({}, { db: own.handle.db, jobId: "j1", attempt: 1 });
    await runCheckJob({}, { db: own.handle.db, jobId: "j2", attempt: 1 });
    const sent = await notes();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.message).toMatch(/^The admin search is slowing down: \d+% of the individuals .* npm run search:rebuild$/);

    await own.pool.query(`select director_search_rebuild()`);
    expect(await checkSearchOrder({ db: own.handle.db })).toMatchObject({ rebuildAdvised: false });

    // One statement's directors are written in the order of names: 2,000 of them in one go leave a
    // page or two out of order, where forty a statement left about half their pages.
    const before = await checkSearchOrder({ db: own.handle.db });
    await insertDirectors(clientIds, 2_000, "d");
    const after = await checkSearchOrder({ db: own.handle.db });
    expect(after.outOfOrder - before.outOfOrder).toBeLessThan(300);
  });
});

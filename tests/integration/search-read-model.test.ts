import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { migrationsFolder } from "@/db/client";
import { applyReadModel, readModelSql } from "@/db/search/apply.mjs";
import { adminUrl, createTestDatabase, databaseUrl, dropTestDatabases } from "../setup/test-databases.mjs";

/*
 * The admin search's read model, declared in db/search/ and applied after the migrations, against
 * what the migration history alone made of it before (migrations up to 0042, which defined it by
 * CREATE OR REPLACE across 0011-0029): the same functions (pg_get_functiondef), triggers
 * (pg_get_triggerdef), columns, indexes, constraints and storage options, but for the differences
 * listed in `deliberate` (and the tables migration 0044 replaced). Applying it again changes
 * nothing, and 01-tables.sql alone makes the tables the database has.
 */

const base = `dvp_read_model_${Date.now()}_${process.pid}`;

/**
 * What the read model changes on purpose, by catalog key (absent: the object is new, or gone).
 * Each entry says why.
 */
const gone43 = "gone (migration 0043): no trigger on a side table; the triggers on directors and clients write the side tables themselves";
const gone44 = "gone (migration 0044): three side tables, not six; search_counts holds every kept count, director_search is the only copy of directors";
const newIn44 = "new (migration 0044): search_counts' count, check and rebuild, and the clients' counts written from one list of changes";
const perEvent = "replaced (migration 0045): one trigger per event on directors and on clients keeps every side table, in order";
const newIn45 = "new (migration 0045): the one trigger per event on directors and on clients, and its function";
const keys = (kind: string, names: string[]) => names.map((n) => `${kind} ${n}`);
const each = (value: string, list: string[]) => Object.fromEntries(list.map((k) => [k, value]));
const events = ["insert", "update", "delete"];
const doneEvents = ["inserted", "updated", "deleted"];
const deliberate: Record<string, string> = {
  "function client_director_refs_apply(ids integer[])": "locks the clients' rows before reading their references again (a race)",
  "function director_counts_apply(scopes text[], statuses director_status[], refs text[], signs integer[])": "new: every director count written from one list of changes",
  "index clients_live_priority_at_id_idx": "carries director_count (migration 0046): a deep default-order page sums it from the index alone",
  "column client_search.search_text": "new (migration 0047): a global search's five client columns in one lower-cased text",
  "index client_search_text_trgm_idx": "new: the trigram index on client_search.search_text",
  "index clients_search_text_trgm_idx": "gone (migration 0047): the same match is made on client_search.search_text",
  "column director_search.shares_client_domain": "new (migration 0048): the director's email has its client's main contact's domain",
  "column director_search.search_text": "leaves out the email's domain when it is the client's main contact's (migration 0048)",
  "column director_search.shared_domain": "new (migration 0048): the domain search_text leaves out, for the individual filter",
  "index director_search_shared_domain_trgm_idx": "new (0048): the trigram index on director_search.shared_domain",
  "function director_search_check()": "also checks shares_client_domain (0048), on director_search_source()",
  "function director_search_rebuild()": "also writes shares_client_domain (0048), in the order of the directors' names, from director_search_source()",
  "function director_search_source()": "new: a director's director_search row, derived once for the insert, the rebuild and the check",
  "function director_name_order(name text)": "new: the order director_search's rebuild writes it in (surname, then name)",
  "function director_search_order_check()": "new: how far director_search has moved from that order, read by the nightly check",
  "options director_search": "new: a tenth of each page left free, so that a change to a row keeps it on its page",
  "function email_domain(email text)": "new (0048): an email's domain, for shares_client_domain",
  "function email_shares_domain(email text, client_email text)": "new (0048): what shares_client_domain holds",
  "function reference_grams(reference text)": "also the empty fragment, in every reference: its counts are the directors' counts (0044)",
  ...each("new (migration 0049): a client's main contact's domain and its directors of that domain per status, for the individual filter", [
    "column client_search.main_contact_domain",
    "column client_search.shared_live",
    "column client_search.shared_alld",
    "index client_search_main_contact_domain_trgm_idx",
    "function client_shared_counts(ids integer[])",
  ]),
  ...each("also counts each client's directors of its main contact's domain (migration 0049)", [
    "function client_search_rebuild()",
    "function director_count_apply(deltas jsonb)",
    "function director_count_rebuild()",
    "function director_counts_counted()",
  ]),
  "function client_director_counts_check()": "was director_status_counts_per_client_check: it checks client_search's per-client counts (0044), and those of the main contact's domain (0049)",
  "function director_status_counts_per_client_check()": "now client_director_counts_check (0044)",
  ...each(newIn44, [
    ...keys("function", ["search_counts_counted()", "search_counts_check()", "search_counts_rebuild()"]),
    "function client_counts_apply(statuses client_status[], deleted boolean[], signs integer[])",
  ]),
  ...each(gone44, keys("function", [
    "client_status_counts_rebuild()",
    "director_status_counts_rebuild()",
    "director_reference_grams_check()",
    "director_reference_grams_rebuild()",
    "director_text_check()",
    "director_text_rebuild()",
  ])),
  ...each(gone43, [
    "function director_reference_grams_apply(rows jsonb)",
    ...doneEvents.flatMap((w) => keys("function", [`director_reference_grams_${w}()`, `director_text_${w}()`])),
    ...events.flatMap((w) => keys("trigger", [`director_search.director_reference_grams_${w}`, `director_search.director_text_${w}`])),
  ]),
  ...each(perEvent, [
    ...["director_count", "director_search", "client_director_refs", "director_status_counts", "client_status_counts"].flatMap((f) =>
      keys("function", doneEvents.map((w) => `${f}_${w}()`)),
    ),
    ...keys("function", ["client_search_inserted()", "client_search_updated()", "director_search_clients()", "director_status_counts_clients()"]),
    ...["director_count", "director_search", "client_director_refs", "director_status_counts"].flatMap((t) => keys("trigger", events.map((e) => `directors.${t}_${e}`))),
    ...keys("trigger", events.map((e) => `clients.client_status_counts_${e}`)),
    ...keys("trigger", ["clients.client_search_insert", "clients.client_search_update", "clients.director_search_clients", "clients.director_status_counts_clients"]),
  ]),
  ...each(newIn45, [
    ...["directors", "clients"].flatMap((t) => keys("function", doneEvents.map((w) => `${t}_${w}()`))),
    "function directors_counted(client_ids integer[], statuses director_status[], deleted boolean[], refs text[], emails text[], signs integer[], lock_clients boolean)",
    ...["directors", "clients"].flatMap((t) => keys("trigger", events.map((e) => `${t}.search_${e}`))),
  ]),
};
/** The columns, constraints and indexes of the tables migration 0044 replaced or made. */
const replacedTables = ["director_text", "director_status_counts", "client_status_counts", "director_reference_grams", "search_counts"];
const ofReplacedTable = (key: string) => /^(column|constraint|index) /.test(key) && replacedTables.some((t) => key.split(" ")[1]!.startsWith(`${t}.`) || key.split(" ")[1]!.startsWith(`${t}_`));

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function withPool<T>(url: string, fn: (p: pg.Pool) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    return await fn(pool);
  } finally {
    await pool.end();
  }
}

/** The database's functions, triggers, columns, indexes, constraints and options in `schema`, one key each. */
async function catalog(pool: pg.Pool, schema = "public"): Promise<Map<string, string>> {
  const rows = async (text: string) => (await pool.query<{ k: string; v: string }>(text, [schema])).rows;
  const all = [
    ...(await rows(`select 'function ' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as k, pg_get_functiondef(p.oid) as v
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = $1 and p.proname <> 'search_read_model_version'
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`)),
    ...(await rows(`select 'trigger ' || c.relname || '.' || t.tgname as k, pg_get_triggerdef(t.oid) as v
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and not t.tgisinternal`)),
    // A column's place among the table's columns (a dropped column leaves a gap in attnum).
    ...(await rows(`select 'column ' || c.relname || '.' || a.attname as k,
        (select count(*) from pg_attribute b where b.attrelid = a.attrelid and b.attnum > 0 and b.attnum <= a.attnum and not b.attisdropped)
        || ' ' || format_type(a.atttypid, a.atttypmod) || case when a.attnotnull then ' not null' else '' end
        || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '') || ' ' || a.attgenerated::text || a.attidentity::text as v
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = $1 and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped`)),
    ...(await rows(`select 'index ' || indexname as k, replace(indexdef, $1 || '.', 'public.') as v from pg_indexes where schemaname = $1`)),
    ...(await rows(`select 'constraint ' || c.relname || '.' || k.conname as k, pg_get_constraintdef(k.oid) as v
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1`)),
    ...(await rows(`select 'options ' || c.relname as k, array_to_string(c.reloptions, ',') as v
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.reloptions is not null`)),
  ];
  return new Map(all.map((r) => [r.k, r.v]));
}

function differences(before: Map<string, string>, after: Map<string, string>): string[] {
  const keys = [...new Set([...before.keys(), ...after.keys()])].sort();
  return keys.filter((k) => before.get(k) !== after.get(k));
}

let historyOnly: Map<string, string>;
let newWay: Map<string, string>;
let newUrl: string;

beforeAll(async () => {
  // The history alone: the migrations before 0043, without the read model.
  const name = `${base}_history`;
  await admin((c) => c.query(`CREATE DATABASE "${name}"`));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "dvp-migrations-"));
  try {
    fs.cpSync(migrationsFolder, tmp, { recursive: true });
    const journalPath = path.join(tmp, "meta", "_journal.json");
    const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < "0043");
    fs.writeFileSync(journalPath, JSON.stringify(journal));
    historyOnly = await withPool(databaseUrl(name), async (pool) => {
      await migrate(drizzle(pool), { migrationsFolder: tmp });
      return catalog(pool);
    });
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  // The new way: every migration, then db/search/.
  newUrl = await createTestDatabase(`${base}_new`);
  newWay = await withPool(newUrl, (pool) => catalog(pool));
}, 120_000);

afterAll(async () => {
  await dropTestDatabases(base);
});

describe("the search's read model (db/search/)", () => {
  it("defines what the migration history defined, but for the deliberate changes", () => {
    expect(differences(historyOnly, newWay).filter((k) => !ofReplacedTable(k))).toEqual(Object.keys(deliberate).sort());
  });

  it("names 32 functions and 6 triggers, each defined in one file only", () => {
    const { text } = readModelSql();
    const functions = [...text.matchAll(/CREATE OR REPLACE FUNCTION "(\w+)"/g)].map((m) => m[1]);
    const triggers = [...text.matchAll(/CREATE OR REPLACE TRIGGER "(\w+)" AFTER \w+ ON "(\w+)"/g)].map((m) => `${m[2]}.${m[1]}`);
    expect(new Set(functions).size).toBe(functions.length);
    expect(new Set(triggers).size).toBe(triggers.length);
    expect(text).not.toMatch(/CREATE (FUNCTION|TRIGGER|TABLE (?!IF NOT EXISTS)|INDEX (?!IF NOT EXISTS))/);
    expect({ functions: functions.length, triggers: triggers.length }).toEqual({ functions: 32, triggers: 6 });
  });

  it("is applied once: an unchanged database is only read, and applying it again changes nothing", async () => {
    await withPool(newUrl, async (pool) => {
      const query = async (text: string) => (await pool.query(text)).rows;
      const exec = (text: string) => pool.query(text);
      expect(await applyReadModel({ query, exec })).toBe(false);
      expect(await applyReadModel({ query, exec, force: true })).toBe(true);
      expect(differences(newWay, await catalog(pool))).toEqual([]);
      const [row] = await query("select search_read_model_version() as v");
      expect(row?.v).toBe(readModelSql().version);
    });
  });

  it("makes from 01-tables.sql alone the tables, indexes and constraints the database has", async () => {
    await withPool(newUrl, async (pool) => {
      await pool.query("CREATE SCHEMA scratch");
      await pool.query("SET search_path = scratch, public");
      await pool.query(fs.readFileSync(path.join(process.cwd(), "db", "search", "01-tables.sql"), "utf8"));
      await pool.query("RESET search_path");
      const scratch = await catalog(pool, "scratch");
      const tables = new Set([...scratch.keys()].filter((k) => k.startsWith("column ")).map((k) => k.split(" ")[1]!.split(".")[0]));
      expect(tables).toEqual(new Set(["director_search", "client_search", "search_counts"]));
      const ofTables = (m: Map<string, string>) =>
        new Map(
          [...m].filter(([k, v]) =>
            k.startsWith("column ") || k.startsWith("constraint ") || k.startsWith("options ")
              ? tables.has(k.split(" ")[1]!.split(".")[0]!)
              : k.startsWith("index ") && [...tables].some((t) => v.includes(` ON public.${t} `)),
          ),
        );
      expect(differences(ofTables(newWay), ofTables(scratch))).toEqual([]);
      await pool.query("DROP SCHEMA scratch CASCADE");
    });
  });
});

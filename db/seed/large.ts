import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "../client";

/*
 * Bulk data for benchmarks (docs/speed.md: 10,000 clients / 100,000 directors).
 *
 * Rows are made inside PostgreSQL by set-based `INSERT ... SELECT ... FROM generate_series`, with
 * deterministic pseudo-random choices (a multiplicative hash of the row number), so the same
 * arguments always give the same data. Large-seed references are `ZC` + 6 symbols for clients and
 * `ZD` + 6 symbols for directors (base 31 over the reference alphabet, from the row number).
 *
 * The arguments are targets: `seedLarge(db, { clients: 10_000, directors: 100_000 })` tops the
 * large-seed rows up to those numbers, so running it twice adds nothing. Director number j belongs
 * to large client ((j - 1) mod clients) + 1.
 */

export interface SeedLargeOptions {
  clients: number;
  directors: number;
  /** Rows per INSERT statement. */
  batchSize?: number;
}

export interface SeedLargeResult {
  clientsCreated: number;
  directorsCreated: number;
  clientsTotal: number;
  directorsTotal: number;
  ms: number;
}

export const LARGE_CLIENT_PREFIX = "ZC";
export const LARGE_DIRECTOR_PREFIX = "ZD";
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

const FIRST_NAMES = [
  "Oliver", "Amelia", "George", "Isla", "Harry", "Ava", "Noah", "Mia", "Jack", "Ivy", "Leo", "Freya",
  "Arthur", "Lily", "Muhammad", "Florence", "Oscar", "Willow", "Charlie", "Evie", "Henry", "Sophia",
  "Thomas", "Grace", "William", "Ella", "Alfie", "Poppy", "Theo", "Emily", "Joshua", "Alice",
  "Samuel", "Ruby", "Daniel", "Chloe", "Rhys", "Niamh", "Callum", "Priya", "Aaron", "Zara",
  "Ewan", "Seren", "Finlay", "Aoife", "Rory", "Hannah",
];
const LAST_NAMES = [
  "Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Patel", "Robinson",
  "Wright", "Thompson", "Evans", "Walker", "White", "Roberts", "Green", "Hall", "Wood", "Jackson",
  "Clarke", "Hughes", "Edwards", "Turner", "Hill", "Moore", "Cooper", "Ward", "Morris", "King",
  "Harris", "Khan", "Lewis", "Campbell", "Stewart", "MacDonald", "Murphy", "Kelly", "Begum", "Ali",
  "Shaw", "Price", "Bennett", "Lloyd", "Fraser", "Okafor", "Ahmed", "Chowdhury",
];
const NAME_WORDS_A = [
  "Harbour", "Northern", "Albion", "Pennine", "Severn", "Thames", "Cotswold", "Highland", "Mercia",
  "Wessex", "Castle", "Riverside", "Oakwood", "Granite", "Meridian", "Summit", "Beacon", "Kestrel",
  "Bramble", "Ashford", "Fenland", "Marlow", "Crown", "Lakeland", "Chiltern", "Solent", "Tamar",
  "Tyne", "Clyde", "Mendip",
];
const NAME_WORDS_B = [
  "Logistics", "Consulting", "Property", "Holdings", "Engineering", "Foods", "Developments",
  "Capital", "Technologies", "Construction", "Trading", "Estates", "Partners", "Ventures",
  "Media", "Health", "Energy", "Marine", "Retail", "Design", "Analytics", "Care", "Transport",
  "Farms", "Studios", "Systems", "Investments", "Brewing", "Textiles", "Software",
];
const COMPANY_SUFFIXES = ["Ltd", "Ltd", "Ltd", "Limited", "plc", "LLP", "Group Ltd", "(UK) Ltd"];
const STREETS = [
  "High Street", "Station Road", "Church Lane", "Victoria Road", "Park Avenue", "Mill Lane",
  "Queen Street", "King Street", "London Road", "Manor Road", "The Green", "Chapel Street",
  "Bridge Street", "Castle Street", "Market Place", "North Road", "Springfield Road", "Albert Road",
  "York Road", "Kingsway",
];
/** Town, county, outward postcode. */
const TOWNS: [string, string, string][] = [
  ["London", "", "EC1A"], ["London", "", "SW1P"], ["London", "", "N1"], ["London", "", "SE1"],
  ["Manchester", "Greater Manchester", "M2"], ["Birmingham", "West Midlands", "B3"],
  ["Leeds", "West Yorkshire", "LS1"], ["Bristol", "", "BS1"], ["Liverpool", "Merseyside", "L2"],
  ["Sheffield", "South Yorkshire", "S1"], ["Newcastle upon Tyne", "Tyne and Wear", "NE1"],
  ["Nottingham", "Nottinghamshire", "NG1"], ["Cardiff", "", "CF10"], ["Swansea", "", "SA1"],
  ["Edinburgh", "", "EH2"], ["Glasgow", "", "G1"], ["Aberdeen", "", "AB10"], ["Belfast", "", "BT1"],
  ["Cambridge", "Cambridgeshire", "CB2"], ["Oxford", "Oxfordshire", "OX1"], ["Reading", "Berkshire", "RG1"],
  ["Brighton", "East Sussex", "BN1"], ["Norwich", "Norfolk", "NR2"], ["Exeter", "Devon", "EX1"],
  ["York", "North Yorkshire", "YO1"], ["Leicester", "Leicestershire", "LE1"], ["Southampton", "Hampshire", "SO14"],
  ["Milton Keynes", "Buckinghamshire", "MK9"],
];
const OWNERS = ["sarah.collins@portal.example", "tom.reid@portal.example", "admin@portal.example"];

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (values: string[]) => `ARRAY[${values.map(quote).join(",")}]::text[]`;

/** A deterministic pseudo-random non-negative integer from a row number and a salt. */
const hash = (expr: string, salt: number) => `((((${expr})::bigint + ${salt * 7919}) * 2654435761) % 2147483647)`;

/** Whether large client number `expr` is on the Managed tier (60 %); the others are OneOff. */
const isManaged = (expr: string) => `${hash(expr, 15)} % 10 < 6`;

/** `arr[1 + h mod n]` for a text array literal. */
const pick = (values: string[], expr: string, salt: number) =>
  `(${textArray(values)})[1 + ${hash(expr, salt)} % ${values.length}]`;

/** The SQL for `prefix` + 6 base-31 symbols of the integer expression. */
function referenceSql(prefix: string, expr: string): string {
  const digits = [5, 4, 3, 2, 1, 0].map(
    (k) => `substr('${ALPHABET}', (((${expr})::bigint / ${31 ** k}) % 31)::int + 1, 1)`,
  );
  return `(${quote(prefix)} || ${digits.join(" || ")})`;
}

/** The same reference as referenceSql, computed in TypeScript (tests use it). */
export function largeReference(prefix: string, n: number): string {
  let out = "";
  for (const k of [5, 4, 3, 2, 1, 0]) out += ALPHABET[Math.floor(n / 31 ** k) % 31];
  return prefix + out;
}

/**
 * `VACUUM ANALYZE` of the tables the admin search reads, as autovacuum would leave a live database:
 * visibility map set (index-only scans stay index-only), hint bits written, statistics fresh.
 * Straight after a bulk load or a migration that rewrites them none of these hold.
 */
export async function vacuumSearchTables(db: Db): Promise<void> {
  await db.execute(sql`vacuum (analyze) clients, directors, client_search, director_search`);
}

async function countLarge(db: Db, table: "clients" | "directors", prefix: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where reference like ${prefix + "%"}`),
  );
  return Number(rows[0]?.n ?? 0);
}

function clientsInsert(from: number, to: number): SQL {
  const i = "g.i"; // inside the subquery
  const o = "v.i"; // outside it
  const status = `CASE
      WHEN ${hash(i, 1)} % 100 < 10 THEN 'New'
      WHEN ${hash(i, 1)} % 100 < 20 THEN 'Onboarding'
      WHEN ${hash(i, 1)} % 100 < 62 THEN 'InProgress'
      WHEN ${hash(i, 1)} % 100 < 90 THEN 'Completed'
      ELSE 'PaymentPending' END`;
  const journeySql = `CASE
      WHEN (${status}) = 'PaymentPending' THEN 'PayByCard'
      ELSE (ARRAY['Existing','PayByCard','PayByInvoice'])[1 + ${hash(i, 2)} % 3] END`;
  const town = `1 + ${hash(o, 9)} % ${TOWNS.length}`;
  const unitPrice = `(ARRAY[5500,6000,6500,6500,6500,7000])[1 + ${hash(i, 6)} % 6]`;
  const createdAt = `(date_trunc('day', now()) - (1 + ${hash(i, 7)} % 900) * interval '1 day' + (${hash(i, 8)} % 36000) * interval '1 second' + interval '7 hours')`;
  return sql.raw(`
    INSERT INTO clients (
      name, sage_id, reference, company_id, main_contact_email, main_contact_first_name,
      main_contact_last_name, main_contact_telephone, created_at, created_by, updated_at, updated_by,
      unit_price, standard_unit_price, full_price, standard_full_price, in_kantata, kantata_reference,
      reminder_count, owner, product_tier, status, is_deleted, delete_reason, deleted_at, deleted_by,
      journey, billing_entity_name, billing_address_line1, billing_address_city, billing_address_state,
      billing_address_post_code, billing_address_country, vat_number, purchase_order_info,
      payment_session_id, vat_exempt, paid, paid_at, sage_invoice_number
    )
    SELECT
      v.name, v.sage_id, v.reference, v.company_id,
      lower(v.first_name) || '.' || lower(v.last_name) || '@' || v.domain,
      v.first_name, v.last_name, '0' || (1000000000 + ${hash(o, 10)} % 999999999)::text,
      v.created_at, 'seed:large', least(now(), v.created_at + (${hash(o, 11)} % 60) * interval '1 day'), 'seed:large',
      v.unit_price, 6500, 0, 0,
      ${hash(o, 12)} % 3 = 0, CASE WHEN ${hash(o, 12)} % 3 = 0 THEN 'KAN-' || (30000 + ${o})::text END,
      ${hash(o, 13)} % 4, CASE WHEN ${hash(o, 14)} % 4 = 0 THEN NULL ELSE (${textArray(OWNERS)})[1 + ${hash(o, 14)} % 3] END,
      CASE WHEN ${isManaged(o)} THEN 'Managed' ELSE 'OneOff' END::product_tier,
      v.status::client_status,
      v.deleted, CASE WHEN v.deleted THEN 'Duplicate request, merged into another client.' END,
      CASE WHEN v.deleted THEN v.created_at + interval '1 day' END, CASE WHEN v.deleted THEN 'admin@portal.example' END,
      v.journey::journey, v.name,
      (1 + ${hash(o, 16)} % 180)::text || ' ' || ${pick(STREETS, o, 17)},
      (${textArray(TOWNS.map((t) => t[0]))})[${town}],
      nullif((${textArray(TOWNS.map((t) => t[1]))})[${town}], ''),
      (${textArray(TOWNS.map((t) => t[2]))})[${town}] || ' ' || (1 + ${hash(o, 18)} % 9)::text
        || substr('ABDEFGHJLNPQRSTUWXYZ', 1 + (${hash(o, 19)} % 20)::int, 1)
        || substr('ABDEFGHJLNPQRSTUWXYZ', 1 + (${hash(o, 20)} % 20)::int, 1),
      'GB',
      CASE WHEN ${hash(o, 21)} % 2 = 0 THEN 'GB' || (100000000 + ${hash(o, 21)} % 899999999)::text END,
      CASE WHEN v.journey = 'PayByInvoice' THEN 'PO-' || (50000 + ${o})::text END,
      CASE WHEN v.journey = 'PayByCard' THEN 'cs_seed_' || v.reference END,
      ${hash(o, 22)} % 20 = 0,
      v.journey = 'PayByCard' AND v.status <> 'PaymentPending',
      CASE WHEN v.journey = 'PayByCard' AND v.status <> 'PaymentPending' THEN v.created_at + interval '5 minutes' END,
      CASE WHEN v.journey = 'PayByInvoice' AND v.status <> 'New' THEN 'SI-' || (100000 + ${o})::text END
    FROM (
      SELECT
        g.i,
        ${pick(NAME_WORDS_A, i, 3)} || ' ' || ${pick(NAME_WORDS_B, i, 4)} || ' ' || ${pick(COMPANY_SUFFIXES, i, 5)} AS name,
        lower(${pick(NAME_WORDS_A, i, 3)}) || '-' || lower(${pick(NAME_WORDS_B, i, 4)}) || '-' || g.i::text || '.example' AS domain,
        'SG' || lpad(g.i::text, 6, '0') AS sage_id,
        ${referenceSql(LARGE_CLIENT_PREFIX, i)} AS reference,
        lpad((10000000 + g.i)::text, 8, '0') AS company_id,
        ${pick(FIRST_NAMES, i, 23)} AS first_name,
        ${pick(LAST_NAMES, i, 24)} AS last_name,
        ${status} AS status,
        ${journeySql} AS journey,
        ${unitPrice} AS unit_price,
        ${createdAt} AS created_at,
        ${hash(i, 25)} % 100 = 0 AS deleted
      FROM generate_series(${from}, ${to}) AS g(i)
    ) AS v
    ON CONFLICT DO NOTHING
  `);
}

/** Directors that go to the few very large clients: about this many in all, whatever the total. */
const BIG_CLIENT_DIRECTORS = 6_000;
/** The very large clients: the first Managed clients, each ending with about 2,000 directors. */
const BIG_CLIENTS = 3;

function directorsInsert(from: number, to: number, totalClients: number, totalDirectors: number): SQL {
  const j = "g.j"; // inside the subquery
  const o = "v.j"; // outside it
  const status = `CASE
      WHEN ${hash(j, 31)} % 100 < 25 THEN 'AwaitingIDInfo'
      WHEN ${hash(j, 31)} % 100 < 35 THEN 'UnderReview'
      WHEN ${hash(j, 31)} % 100 < 40 THEN 'OutstandingIDInfo'
      WHEN ${hash(j, 31)} % 100 < 45 THEN 'IDVLinkExpired'
      WHEN ${hash(j, 31)} % 100 < 55 THEN 'Verified'
      WHEN ${hash(j, 31)} % 100 < 65 THEN 'AwaitingAuthCode'
      WHEN ${hash(j, 31)} % 100 < 95 THEN 'Complete'
      ELSE 'Rejected' END`;
  const town = `1 + ${hash(o, 40)} % ${TOWNS.length}`;
  // Directors 1..N go one to each client; the rest spread over the Managed clients only, so a
  // OneOff client has exactly one individual (docs/domain.md). Of the rest, a share (per 100,000)
  // chosen so that about BIG_CLIENT_DIRECTORS go to BIG_CLIENTS very large clients (thousands of
  // directors each, as a large group has); half of the others spread over every Managed client and
  // half over the first two fifths of them, so that at 10 directors a client on average most have
  // a handful and the busier ones 20 to 40.
  const n = totalClients;
  const extras = Math.max(1, totalDirectors - n);
  const bigShare = Math.min(10_000, Math.floor((BIG_CLIENT_DIRECTORS * 100_000) / extras));
  const managedRank = `CASE WHEN ${hash(j, 59)} % 100000 < ${bigShare} THEN 1 + ${hash(j, 60)} % least(${BIG_CLIENTS}, greatest(mc.n, 1)) WHEN ${hash(j, 61)} % 2 = 0 THEN 1 + ${hash(j, 58)} % greatest(mc.n, 1) ELSE 1 + ${hash(j, 58)} % greatest(mc.n * 2 / 5, 1) END`;
  const clientIndex = `CASE WHEN ${j} <= ${n} THEN ${j} ELSE coalesce(m.i, ((${j} - 1) % ${n}) + 1) END`;
  return sql.raw(`
    WITH managed AS (
      SELECT s.i, row_number() OVER (ORDER BY s.i) AS rn
      FROM generate_series(1, ${n}) AS s(i)
      WHERE ${isManaged("s.i")}
    ), managed_count AS (SELECT count(*) AS n FROM managed)
    INSERT INTO directors (
      client_id, name, first_name, last_name, email, reference, current_address_start_date,
      address_line1, city, state, postcode, country, session_id, created_at, created_by, updated_at,
      updated_by, date_to_companies_house, status_override, status_override_reason, status_original,
      status, former_names, idv_number, companies_house_code, reminder_count, yoti_link_clicked,
      verification_completed_at, is_deleted, delete_reason, deleted_at, deleted_by, price_override,
      price_override_reason
    )
    SELECT
      v.client_id, v.first_name || ' ' || v.last_name, v.first_name, v.last_name,
      lower(v.first_name) || '.' || lower(v.last_name) || v.j::text || '@' || v.domain,
      v.reference,
      (v.created_at - (365 + ${hash(o, 41)} % 3000) * interval '1 day')::date,
      (1 + ${hash(o, 42)} % 180)::text || ' ' || ${pick(STREETS, o, 43)},
      (${textArray(TOWNS.map((t) => t[0]))})[${town}],
      nullif((${textArray(TOWNS.map((t) => t[1]))})[${town}], ''),
      (${textArray(TOWNS.map((t) => t[2]))})[${town}] || ' ' || (1 + ${hash(o, 44)} % 9)::text
        || substr('ABDEFGHJLNPQRSTUWXYZ', 1 + (${hash(o, 45)} % 20)::int, 1)
        || substr('ABDEFGHJLNPQRSTUWXYZ', 1 + (${hash(o, 46)} % 20)::int, 1),
      'GB',
      CASE WHEN v.status <> 'AwaitingIDInfo' THEN md5('session' || v.j::text)::uuid::text END,
      v.created_at, 'seed:large', least(now(), v.created_at + (${hash(o, 47)} % 30) * interval '1 day'), 'seed:large',
      CASE WHEN v.status IN ('Verified','AwaitingAuthCode','Complete') THEN (v.created_at + interval '3 days')::date END,
      CASE WHEN v.overridden THEN v.status::director_status END,
      CASE WHEN v.overridden THEN 'Evidence checked manually by the case manager.' END,
      CASE WHEN v.overridden THEN 'UnderReview'::director_status END,
      v.status::director_status,
      CASE WHEN ${hash(o, 48)} % 25 = 0 THEN jsonb_build_array(v.first_name || ' ' || ${pick(LAST_NAMES, o, 49)}) ELSE '[]'::jsonb END,
      CASE WHEN v.status IN ('Verified','AwaitingAuthCode','Complete') THEN 'IDV-' || v.reference END,
      CASE WHEN v.status = 'Complete' THEN upper(substr(md5('code' || v.j::text), 1, 11)) END,
      CASE WHEN v.status = 'AwaitingIDInfo' THEN ${hash(o, 50)} % 3 ELSE 0 END,
      v.status <> 'AwaitingIDInfo',
      CASE WHEN v.status IN ('Verified','AwaitingAuthCode','Complete','Rejected') THEN v.created_at + interval '2 days' END,
      v.deleted, CASE WHEN v.deleted THEN 'No longer a director of the company.' END,
      CASE WHEN v.deleted THEN v.created_at + interval '1 day' END,
      CASE WHEN v.deleted THEN 'admin@portal.example' END,
      CASE WHEN ${hash(o, 51)} % 33 = 0 THEN 4500 + (${hash(o, 52)} % 4) * 500 END,
      CASE WHEN ${hash(o, 51)} % 33 = 0 THEN 'Agreed group discount for this engagement.' END
    FROM (
      SELECT
        g.j,
        c.id AS client_id,
        split_part(c.main_contact_email, '@', 2) AS domain,
        least(now(), c.created_at + (${hash(j, 53)} % 5) * interval '1 day') AS created_at,
        ${referenceSql(LARGE_DIRECTOR_PREFIX, j)} AS reference,
        ${pick(FIRST_NAMES, j, 54)} AS first_name,
        ${pick(LAST_NAMES, j, 55)} AS last_name,
        ${status} AS status,
        ${hash(j, 56)} % 50 = 0 AS overridden,
        ${hash(j, 57)} % 67 = 0 AS deleted
      FROM generate_series(${from}, ${to}) AS g(j)
      CROSS JOIN managed_count mc
      LEFT JOIN managed m ON ${j} > ${n} AND m.rn = ${managedRank}
      JOIN clients c ON c.reference = ${referenceSql(LARGE_CLIENT_PREFIX, clientIndex)}
    ) AS v
    ON CONFLICT DO NOTHING
  `);
}

/** Tops the large-seed data up to the given numbers of clients and directors. */
export async function seedLarge(db: Db, options: SeedLargeOptions): Promise<SeedLargeResult> {
  const started = performance.now();
  const batch = Math.max(1, options.batchSize ?? 25_000);
  const targetClients = Math.max(0, Math.floor(options.clients));
  const targetDirectors = Math.max(0, Math.floor(options.directors));
  if (targetClients > 31 ** 6 || targetDirectors > 31 ** 6) throw new RangeError("too many rows for the reference scheme");

  let clientsCreated = 0;
  let directorsCreated = 0;
  await db.transaction(async (tx) => {
    // Bulk statements may take longer than the pool's per-statement limit.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`set local synchronous_commit = off`);
    // The counting triggers (search_counts, clients.director_count) would add a statement
    // per batch and per client; they are off for the load and the counts are recomputed once at the
    // end, in this transaction (ALTER TABLE is transactional: no other session sees them off).
    await tx.execute(sql`alter table directors disable trigger user`);
    await tx.execute(sql`alter table clients disable trigger user`);
    const txDb = tx as unknown as Db;

    const existingClients = await countLarge(txDb, "clients", LARGE_CLIENT_PREFIX);
    const clientsTotal = Math.max(existingClients, targetClients);
    for (let from = existingClients + 1; from <= targetClients; from += batch) {
      const to = Math.min(targetClients, from + batch - 1);
      const r = await tx.execute(clientsInsert(from, to));
      clientsCreated += (r as { rowCount?: number; affectedRows?: number }).rowCount ?? (r as { affectedRows?: number }).affectedRows ?? 0;
    }

    const existingDirectors = await countLarge(txDb, "directors", LARGE_DIRECTOR_PREFIX);
    if (clientsTotal > 0) {
      for (let from = existingDirectors + 1; from <= targetDirectors; from += batch) {
        const to = Math.min(targetDirectors, from + batch - 1);
        const r = await tx.execute(directorsInsert(from, to, clientsTotal, targetDirectors));
        directorsCreated += (r as { rowCount?: number }).rowCount ?? (r as { affectedRows?: number }).affectedRows ?? 0;
      }
    }

    if (clientsCreated || directorsCreated) {
      // Statistics of the rows just loaded, inside the transaction: without them the planner takes
      // the freshly filled tables for empty and joins a million directors by nested loop.
      await tx.execute(sql`analyze clients, directors`);
      // Prices follow the directors actually attached (a director's price override wins).
      await tx.execute(sql.raw(`
        UPDATE clients c
        SET full_price = x.full_price, standard_full_price = c.standard_unit_price * x.n
        FROM (
          SELECT d.client_id, count(*)::int AS n, sum(coalesce(d.price_override, cl.unit_price))::int AS full_price
          FROM directors d JOIN clients cl ON cl.id = d.client_id
          WHERE cl.reference LIKE '${LARGE_CLIENT_PREFIX}%' AND NOT d.is_deleted
          GROUP BY d.client_id
        ) AS x
        WHERE c.id = x.client_id
          AND (c.full_price, c.standard_full_price) IS DISTINCT FROM (x.full_price, c.standard_unit_price * x.n)
      `));
      // What the triggers keep, rebuilt once: the search's narrow copies of each client (with its
      // directors per status) and of each director (migrations 0017, 0018), the number of directors
      // of each client, the status counts.
      await tx.execute(sql`select client_search_rebuild()`);
      await tx.execute(sql`select director_count_rebuild()`);
      await tx.execute(sql`select director_search_rebuild()`);
      await tx.execute(sql`select search_counts_rebuild()`);
      // Each client's earliest verify-by date and its place in the default order (migration 0040).
      await tx.execute(sql`select client_next_verify_by_rebuild()`);
    }
    await tx.execute(sql`alter table directors enable trigger user`);
    await tx.execute(sql`alter table clients enable trigger user`);
  });
  if (clientsCreated || directorsCreated) await vacuumSearchTables(db);

  return {
    clientsCreated,
    directorsCreated,
    clientsTotal: await countLarge(db, "clients", LARGE_CLIENT_PREFIX),
    directorsTotal: await countLarge(db, "directors", LARGE_DIRECTOR_PREFIX),
    ms: Math.round(performance.now() - started),
  };
}

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTableRelationsHelpers, extractTablesRelationalConfig, getTableColumns, is, sql, type Table } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import { getTableConfig, isPgEnum, PgTable, type PgEnum } from "drizzle-orm/pg-core";
import { openDatabase, rowsOf, type DatabaseHandle } from "@/db/client";
import * as schema from "@/db/schema";
import { searchTables } from "@/db/search/tables";

/*
 * The data model against the specification (docs/domain.md) and against the migrations.
 * (a) every field of docs/domain.md maps to a column, a relation, or a documented computation;
 * (b) every enum has exactly the specification's values, in its order;
 * (c) the migrations are up to date with the schema (drizzle-kit generates nothing new);
 * (d) the migrated database has exactly the columns of the Drizzle schema, with the same types.
 */

// ---------------------------------------------------------------------------------------------
// (a) Spec §3 fields, copied literally from the specification.

const specFields = {
  User: "id, email, reference, type",
  "Audit entry": "id, action, auditType, entityType, entityId, user, updatedAt, timestamp, oldValue, newValue",
  Client:
    "id, name, sageId, reference, companyId, mainContactEmail, createdAt, createdBy, updatedAt, updatedBy, unitPrice, standardUnitPrice, fullPrice, standardFullPrice, directorCount, inKantata, kantataReference, reminderCount, lastReminderDate, owner, productTier, status, directors, statusStats, isDeleted, deleteReason, notes, journey, billingAddressLine1, billingAddressLine2, billingAddressCity, billingAddressState, billingAddressPostCode, billingAddressCountry, mainContactFirstName, mainContactLastName, mainContactTelephone, accountPayableContactFirstName, accountPayableContactLastName, accountPayableContactEmail, accountPayableContactTelephone, vatNumber, purchaseOrderInfo, paymentSessionId, paymentSessionSecret, vatExempt, paid, sageInvoiceNumber",
  Director:
    "id, clientId, name, email, reference, currentAddressStartDate, addressLine1, addressLine2, addressLine3, city, state, postcode, country, sessionID, sessionToken, sessionUrl, sessionExpiry, createdAt, createdBy, updatedAt, updatedBy, dateToCompaniesHouse, statusOverride, statusOverrideReason, statusOriginal, status, formerNames, idvNumber, reminderCount, lastReminderDate, idvReminderCount, lastIDVReminderDate, yotiLinkClicked, directorChecks, directorMedias, directorAddresses, directorNameFiles, directorAddressFiles, clientName, clientSageId, clientProductTier, isDeleted, deleteReason, priceOverride",
  "Director check": "id, directorId, yotiCheckId, type, state, recommendation, created, lastUpdated",
  "Director media": "id, directorId, yotiMediaId, type, path, jsonContent, created, lastUpdated",
  "Director address": "id, addressLine1-3, city, state, postcode, country, startDate, endDate",
  // "Director file: id, fileName, fileType (...); upload response also carries directorId and file."
  "Director file": "id, fileName, fileType, directorId, file",
  Notification: "id, message, clientId, directorId, timestamp, read, readBy, readAt, isMine, link",
  "New enquiry": "name, description, email",
} as const;

// "Labels also mention ..." fields of the specification.
const labelledFields = {
  Client: ["billingEntityName"],
  Director: ["firstName", "lastName", "companiesHouseCode", "priceOverrideReason"],
} as const;

type Entity = keyof typeof specFields;

/** How a spec field is stored: a column (same name unless given), a relation, or a computation over them. */
type Mapping =
  | { column: string }
  | { relation: string }
  | { computed: string; from: ({ column: string } | { relation: string; table?: string; column?: string })[] };

const entityTable: Record<Entity, keyof typeof schema> = {
  User: "users",
  "Audit entry": "auditEntries",
  Client: "clients",
  Director: "directors",
  "Director check": "directorChecks",
  "Director media": "directorMedia",
  "Director address": "directorAddresses",
  "Director file": "directorFiles",
  Notification: "notifications",
  "New enquiry": "enquiries",
};

/** Fields that are not a column of the same name. Every other spec field must be one. */
const specialMappings: Partial<Record<Entity, Record<string, Mapping>>> = {
  Client: {
    directors: { relation: "directors" },
    directorCount: {
      computed: "number of the client's directors that are not deleted",
      from: [{ relation: "directors", table: "directors", column: "isDeleted" }],
    },
    statusStats: {
      computed: "count of the client's directors per status, as { value, label }",
      from: [{ relation: "directors", table: "directors", column: "status" }],
    },
  },
  Director: {
    directorChecks: { relation: "directorChecks" },
    directorMedias: { relation: "directorMedias" },
    directorAddresses: { relation: "directorAddresses" },
    directorNameFiles: {
      computed: "directorFiles where fileType = 'Name'",
      from: [{ relation: "directorFiles", table: "directorFiles", column: "fileType" }],
    },
    directorAddressFiles: {
      computed: "directorFiles where fileType = 'Address'",
      from: [{ relation: "directorFiles", table: "directorFiles", column: "fileType" }],
    },
    clientName: { computed: "client.name", from: [{ relation: "client", table: "clients", column: "name" }] },
    clientSageId: { computed: "client.sageId", from: [{ relation: "client", table: "clients", column: "sageId" }] },
    clientProductTier: {
      computed: "client.productTier",
      from: [{ relation: "client", table: "clients", column: "productTier" }],
    },
  },
  "Director file": {
    file: {
      computed: "the stored bytes: storageKey, contentType, sizeBytes, sha256",
      from: [{ column: "storageKey" }, { column: "contentType" }, { column: "sizeBytes" }, { column: "sha256" }],
    },
  },
  Notification: {
    timestamp: { column: "createdAt" },
    isMine: {
      computed: "recipient is the reader (null = every admin)",
      from: [{ column: "recipient" }, { relation: "recipientUser" }],
    },
  },
};

function expandFields(list: string): string[] {
  return list
    .split(",")
    .map((f) => f.trim())
    .flatMap((f) => {
      const range = /^(.*?)(\d+)-(\d+)$/.exec(f);
      if (!range) return [f];
      const [, stem, from, to] = range;
      const out: string[] = [];
      for (let i = Number(from); i <= Number(to); i++) out.push(`${stem}${i}`);
      return out;
    });
}

const relational = extractTablesRelationalConfig(schema, createTableRelationsHelpers);

function columnsOf(tableKey: string): Record<string, unknown> {
  return getTableColumns(schema[tableKey as keyof typeof schema] as Table);
}

function relationsOf(tableKey: string): Record<string, { referencedTableName: string }> {
  return (relational.tables[tableKey]?.relations ?? {}) as unknown as Record<string, { referencedTableName: string }>;
}

/** Problems with one spec field's mapping; empty when it resolves. */
function resolve(entity: Entity, field: string): string[] {
  const tableKey = entityTable[entity];
  const mapping: Mapping = specialMappings[entity]?.[field] ?? { column: field };
  const problems: string[] = [];
  const checkColumn = (table: string, column: string) => {
    if (!(column in columnsOf(table))) problems.push(`${entity}.${field}: no column ${table}.${column}`);
  };
  const checkRelation = (relation: string, table?: string, column?: string) => {
    const rel = relationsOf(tableKey)[relation];
    if (!rel) return problems.push(`${entity}.${field}: no relation ${tableKey}.${relation}`);
    if (table) {
      // tableNamesMap: "public.<database name>" -> export name
      if (relational.tableNamesMap[`public.${rel.referencedTableName}`] !== table) {
        problems.push(`${entity}.${field}: relation ${relation} does not lead to ${table}`);
      }
      if (column) checkColumn(table, column);
    }
  };
  if ("column" in mapping) checkColumn(tableKey, mapping.column);
  else if ("relation" in mapping) checkRelation(mapping.relation);
  else {
    for (const part of mapping.from) {
      if ("relation" in part) checkRelation(part.relation, part.table, part.column);
      else checkColumn(tableKey, part.column);
    }
  }
  return problems;
}

describe("docs/domain.md fields", () => {
  it.each(Object.keys(specFields) as Entity[])("every field of %s is a column, a relation or a computation", (entity) => {
    const fields = expandFields(specFields[entity]);
    expect(fields.length).toBeGreaterThan(0);
    expect(fields.flatMap((f) => resolve(entity, f))).toEqual([]);
  });

  it("special mappings only name fields that the specification has", () => {
    for (const [entity, mappings] of Object.entries(specialMappings)) {
      const fields = expandFields(specFields[entity as Entity]);
      for (const field of Object.keys(mappings ?? {})) expect(fields).toContain(field);
    }
  });

  it("fields the labels mention are columns too", () => {
    for (const [entity, fields] of Object.entries(labelledFields)) {
      for (const f of fields) expect(resolve(entity as Entity, f)).toEqual([]);
    }
  });

  it("the address range in the specification expands to three lines", () => {
    expect(expandFields("id, addressLine1-3, city")).toEqual(["id", "addressLine1", "addressLine2", "addressLine3", "city"]);
  });

  it("money is integer pence and dates and times have the right types", () => {
    const type = (table: keyof typeof schema, column: string) =>
      (getTableColumns(schema[table] as Table)[column] as unknown as { getSQLType(): string }).getSQLType();
    for (const c of ["unitPrice", "standardUnitPrice", "fullPrice", "standardFullPrice"]) expect(type("clients", c)).toBe("integer");
    expect(type("directors", "priceOverride")).toBe("integer");
    for (const c of ["createdAt", "updatedAt", "lastReminderDate"]) expect(type("clients", c)).toBe("timestamp with time zone");
    for (const c of ["createdAt", "updatedAt", "sessionExpiry", "lastIDVReminderDate"]) {
      expect(type("directors", c)).toBe("timestamp with time zone");
    }
    for (const c of ["currentAddressStartDate", "dateToCompaniesHouse"]) expect(type("directors", c)).toBe("date");
    expect(type("directorAddresses", "startDate")).toBe("date");
    expect(type("directorAddresses", "endDate")).toBe("date");
    expect(type("auditEntries", "oldValue")).toBe("jsonb");
    expect(type("auditEntries", "newValue")).toBe("jsonb");
    expect(type("directorMedia", "jsonContent")).toBe("jsonb");
    expect(type("directors", "formerNames")).toBe("jsonb");
    expect(type("directors", "companiesHouseCode")).toBe("text");
  });
});

// ---------------------------------------------------------------------------------------------
// (b) Enums, values copied literally from the specification.

const specEnums: Record<string, { values: readonly string[]; spec: string }> = {
  audit_type: {
    values: schema.auditTypeValues,
    spec: "DirectorModified, DirectorDeleted, DirectorCreated, DirectorError, ClientCreated, ClientDeleted, ClientError, ClientModified, YotiError, YotiCompleted, Email, EmailError, Notification, YotiLinkClicked, PaymentSessionCreated, PaymentSessionCreationError, ClientPaymentSuccessful, SageSuccess, SageError",
  },
  client_status: { values: schema.clientStatusValues, spec: "New, InProgress, Completed, Onboarding, PaymentPending" },
  director_status: {
    values: schema.directorStatusValues,
    spec: "AwaitingIDInfo, Verified, UnderReview, OutstandingIDInfo, IDVLinkExpired, AwaitingAuthCode, Complete, Rejected",
  },
  product_tier: { values: schema.productTierValues, spec: "Managed, OneOff" },
  journey: { values: schema.journeyValues, spec: "Existing, PayByCard, PayByInvoice" },
  file_type: { values: schema.fileTypeValues, spec: "Name, Address, YotiId, YotiAddress" },
  user_type: { values: schema.userTypeValues, spec: "DV_CompanyContact, DV_Director, Admin" },
};

const schemaExports: unknown[] = Object.values(schema);
const pgEnums = schemaExports.filter((v): v is PgEnum<[string, ...string[]]> => isPgEnum(v));

describe("enums", () => {
  it.each(Object.keys(specEnums))("%s has exactly the specification's values", (name) => {
    const { values, spec } = specEnums[name]!;
    const expected = spec.split(", ");
    expect([...values]).toEqual(expected);
    const pgEnum = pgEnums.find((e) => e.enumName === name);
    expect(pgEnum?.enumValues).toEqual(expected);
  });

  it("audit_type has the 19 values of the specification", () => {
    expect(schema.auditTypeValues).toHaveLength(19);
  });

  it("the only enum beyond the specification's is the security event", () => {
    expect(pgEnums.map((e) => e.enumName).sort()).toEqual([...Object.keys(specEnums), "security_event"].sort());
    expect(schema.securityEvent.enumValues).toEqual(["LinkRequested", "SignInSucceeded", "SignInFailed", "SignedOut", "AccessDenied", "RateLimited"]);
  });
});

// ---------------------------------------------------------------------------------------------
// (c) No drift between the schema and the migrations.

describe("migrations", () => {
  const root = process.cwd();
  const migrations = path.join(root, "db", "migrations");

  it("are up to date with the schema: drizzle-kit generates nothing new", () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "dvp-drift-"));
    try {
      fs.cpSync(migrations, tmp, { recursive: true });
      const before = listFiles(tmp);
      const bin = path.join(root, "node_modules", ".bin", "drizzle-kit");
      // drizzle-kit resolves --out relative to the working directory.
      const output = execFileSync(
        bin,
        ["generate", "--dialect", "postgresql", "--schema", "./db/schema/index.ts", "--casing", "snake_case", "--out", path.relative(root, tmp)],
        { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 },
      );
      expect(listFiles(tmp)).toEqual(before);
      expect(output).toContain("No schema changes");
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }, 60_000);

  it("start with the extensions, then the initial schema, and every journal entry has its file", () => {
    const journal = JSON.parse(fs.readFileSync(path.join(migrations, "meta", "_journal.json"), "utf8")) as {
      entries: { tag: string }[];
    };
    expect(journal.entries.slice(0, 2).map((e) => e.tag)).toEqual(["0000_extensions", "0001_initial"]);
    for (const e of journal.entries) expect(fs.existsSync(path.join(migrations, `${e.tag}.sql`))).toBe(true);
    expect(fs.readFileSync(path.join(migrations, "0000_extensions.sql"), "utf8")).toMatch(/CREATE EXTENSION IF NOT EXISTS pg_trgm/);
  });
});

function listFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).map(String).sort();
}

// ---------------------------------------------------------------------------------------------
// (d) The migrated database against the Drizzle schema.

describe("migrated database", () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR, migrate: true });
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
  });

  const tables = schemaExports.filter((v): v is PgTable => is(v, PgTable));
  /**
   * The admin search's side tables belong to db/search/ (its SQL makes them, drizzle-kit does not),
   * and are held here to their typed declaration, db/search/tables.ts, as the others are to the
   * Drizzle schema.
   */
  const sideTables = searchTables.map((t) => getTableConfig(t).name);

  /** The drizzle SQL type in the spelling of format_type(). */
  function pgType(sqlType: string): string {
    return sqlType.replace(/^varchar\((\d+)\)$/, "character varying($1)");
  }

  it("has exactly the tables of the schema", async () => {
    const rows = rowsOf<{ table_name: string }>(
      await handle.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      ),
    );
    expect(rows.map((r) => r.table_name).sort()).toEqual([...tables.map((t) => getTableConfig(t).name), ...sideTables].sort());
  });

  it("has exactly the columns of the schema, with the same types and nullability", async () => {
    const rows = rowsOf<{ table_name: string; column_name: string; type: string; not_null: boolean }>(
      await handle.db.execute(sql`
        select c.relname as table_name, a.attname as column_name,
               format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
      `),
    );
    const inDatabase = rows
      .map((r) => `${r.table_name}.${r.column_name}: ${r.type}${r.not_null ? " not null" : ""}`)
      .sort();
    const inSchema = [...tables, ...searchTables]
      .flatMap((t) => {
        const config = getTableConfig(t);
        return config.columns.map((c) => {
          const name = c.keyAsName ? toSnakeCase(c.name) : c.name;
          return `${config.name}.${name}: ${pgType(c.getSQLType())}${c.notNull ? " not null" : ""}`;
        });
      })
      .sort();
    expect(inDatabase).toEqual(inSchema);
  });

  it("has the enum types with the specification's values in order", async () => {
    const rows = rowsOf<{ name: string; value: string }>(
      await handle.db.execute(sql`
        select t.typname as name, e.enumlabel as value
        from pg_enum e join pg_type t on t.oid = e.enumtypid
        order by t.typname, e.enumsortorder
      `),
    );
    for (const [name, { spec }] of Object.entries(specEnums)) {
      expect(rows.filter((r) => r.name === name).map((r) => r.value)).toEqual(spec.split(", "));
    }
  });

  it("has the search indexes: trigram, lower(email) and the unique references", async () => {
    const rows = rowsOf<{ indexname: string; indexdef: string }>(
      await handle.db.execute(sql`select indexname, indexdef from pg_indexes where schemaname = 'public'`),
    );
    const def = (name: string) => rows.find((r) => r.indexname === name)?.indexdef ?? `(missing ${name})`;
    for (const name of [
      "clients_name_trgm_idx",
      "clients_reference_trgm_idx",
      "clients_main_contact_email_trgm_idx",
      // Directors' text is searched on the admin search's narrow copy (db/search/01-tables.sql).
      "director_search_text_trgm_idx",
      // The client filters' text, where the individual view sums the matching clients' counts (0022).
      ...["name", "sage_id", "reference", "company_id", "kantata_reference", "main_contact_email", "main_contact_name"].map((col) => `client_search_${col}_trgm_idx`),
    ]) {
      expect(def(name)).toMatch(/USING gin .*gin_trgm_ops/);
    }
    expect(rows.filter((r) => r.indexname.startsWith("directors_") && /gin_trgm_ops/.test(r.indexdef))).toEqual([]);
    expect(def("clients_reference_key")).toMatch(/^CREATE UNIQUE INDEX/);
    expect(def("directors_reference_key")).toMatch(/^CREATE UNIQUE INDEX/);
    expect(def("clients_payment_session_id_key")).toMatch(/^CREATE UNIQUE INDEX/);
    expect(def("clients_main_contact_email_lower_idx")).toMatch(/lower\(main_contact_email\)/);
    expect(def("directors_email_lower_idx")).toMatch(/lower\(email\)/);
    expect(def("client_search_owner_idx")).toMatch(/lower\(owner\).*INCLUDE/);
    // The client view's counts under a filter on a fixed-width column, from the index alone (0024).
    for (const col of ["product_tier", "created_at", "updated_at", "unit_price", "full_price", "in_kantata"]) {
      expect(def(`client_search_live_${col}_idx`)).toMatch(/INCLUDE \(status\) WHERE \(is_deleted = false\)/);
    }
    expect(def("client_search_live_status_idx")).toMatch(/\(status\) WHERE \(is_deleted = false\)/);
    // A global search sorted by an individual's column walks these, testing the client from the index alone (0029).
    for (const col of ["name", "email", "reference", "status"]) {
      expect(def(`director_search_${col}_idx`)).toMatch(new RegExp(`\\(${col}, director_id\\) INCLUDE \\(.*client_id\\)`));
    }
    expect(def("directors_client_id_email_key")).toMatch(/UNIQUE.*lower\(email\).*WHERE \(is_deleted = false\)/);
    expect(def("audit_entries_timestamp_idx")).toMatch(/"timestamp" DESC/);
    expect(def("notifications_read_created_at_idx")).toMatch(/\(read, created_at\)/);
  });

  it("runs the app's statements without JIT compilation, and with the pool's statement limit (PostgreSQL)", async () => {
    if (handle.kind !== "postgres") return;
    const [row] = rowsOf<{ jit: string; timeout: string }>(
      await handle.db.execute(sql`select current_setting('jit') as "jit", current_setting('statement_timeout') as "timeout"`),
    );
    expect(row).toEqual({ jit: "off", timeout: "10s" });
  });

  it("uses the trigram index for a contains search", async () => {
    // The planner may prefer a sequential scan on a tiny table; with sequential scans off it must find the index.
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = rowsOf<Record<string, string>>(
        await tx.execute(sql`explain (costs off) select id from clients where name ilike ${"%harbour%"}`),
      );
      expect(plan.map((r) => Object.values(r)[0]).join("\n")).toContain("clients_name_trgm_idx");
    });
  });
});

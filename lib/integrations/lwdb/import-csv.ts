import Papa from "papaparse";
import { notInArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { lwdbRecords, productTierValues, type NewLwdbRow } from "@/db/schema";
import { isSingleLineText } from "@/lib/schemas/text";
import { normaliseCustomerCode } from "./normalise";

/*
 * Loading existing customers from the provider's CSV export into lwdb_records. The columns are the
 * new client record's field names (any case, any order); each row is checked, and one bad row
 * stops the whole load, so a half-loaded table never serves prefills.
 */

/** An empty cell, or a column the file does not have, is null; text is trimmed. */
const emptyToNull = (v: unknown) => (v === undefined || (typeof v === "string" && v.trim() === "") ? null : typeof v === "string" ? v.trim() : v);
const text = (max: number) => z.preprocess(emptyToNull, z.string().max(max, `at most ${max} characters`).refine(isSingleLineText, "invalid characters (line breaks or control characters)").nullable());
const required = (max: number) => z.preprocess(emptyToNull, z.string({ error: "required" }).max(max, `at most ${max} characters`).refine(isSingleLineText, "invalid characters (line breaks or control characters)"));
const email = z.preprocess(emptyToNull, z.email("not an email address").max(254));

/** One row of the export, as stored. */
const rowSchema = z.object({
  customerCode: required(40).transform(normaliseCustomerCode),
  name: required(200),
  mainContactEmail: email.transform((e) => e.toLowerCase()),
  companyId: text(40),
  mainContactFirstName: text(100),
  mainContactLastName: text(100),
  mainContactTelephone: text(40),
  productTier: z.preprocess(emptyToNull, z.enum(productTierValues, `one of ${productTierValues.join(", ")}`).nullable()),
  billingEntityName: text(200),
  billingAddressLine1: text(200),
  billingAddressLine2: text(200),
  billingAddressCity: text(100),
  billingAddressState: text(100),
  billingAddressPostCode: text(20),
  billingAddressCountry: z.preprocess(
    (v) => (typeof emptyToNull(v) === "string" ? (emptyToNull(v) as string).toUpperCase() : emptyToNull(v)),
    z.string().regex(/^[A-Z]{2}$/, "a two-letter country code (e.g. GB)").nullable(),
  ),
  accountPayableContactFirstName: text(100),
  accountPayableContactLastName: text(100),
  accountPayableContactEmail: z.preprocess(emptyToNull, z.email("not an email address").max(254).nullable()),
  accountPayableContactTelephone: text(40),
  vatNumber: text(40),
  vatExempt: z.preprocess((v) => {
    const s = typeof v === "string" ? v.trim().toLowerCase() : v;
    if (s === undefined || s === null || s === "") return false;
    if (["true", "yes", "y", "1"].includes(s as string)) return true;
    if (["false", "no", "n", "0"].includes(s as string)) return false;
    return s;
  }, z.boolean("true or false")),
  purchaseOrderInfo: text(500),
});

const columns = Object.keys(rowSchema.shape) as (keyof typeof rowSchema.shape)[];
/**
 * Fields of the new client record the export may carry but the table does not keep (they are not
 * needed to prefill the form, or must not be handed out): ignored without complaint.
 */
const ignoredColumns = ["reference", "journey", "standardUnitPrice", "directorImport", "directorInfos", "paymentSessionId", "paymentSessionSecret", "id"];

export interface LwdbImportProblem {
  /** 1-based line of the file (the header is line 1), or 0 for the file as a whole. */
  line: number;
  field?: string;
  message: string;
}

export interface LwdbImportResult {
  ok: boolean;
  /** Rows checked and (when ok) stored. */
  rows: number;
  /** Rows removed because the export no longer has them (`replace` only). */
  removed: number;
  problems: LwdbImportProblem[];
  /** Columns that are not fields of the record, ignored. */
  unknownColumns: string[];
}

/** Reads and checks an export; nothing is stored. */
export function parseLwdbCsv(csv: string): { rows: NewLwdbRow[]; problems: LwdbImportProblem[]; unknownColumns: string[] } {
  const byLower = new Map(columns.map((c) => [c.toLowerCase(), c]));
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (h) => byLower.get(h.trim().toLowerCase()) ?? h.trim(),
  });
  const problems: LwdbImportProblem[] = parsed.errors.map((e) => ({ line: (e.row ?? -1) + 2, message: e.message }));
  const header = parsed.meta.fields ?? [];
  const unknownColumns = header.filter((h) => !columns.includes(h as never) && !ignoredColumns.some((i) => i.toLowerCase() === h.toLowerCase()));
  for (const needed of ["customerCode", "name", "mainContactEmail"] as const) {
    if (!header.includes(needed)) problems.push({ line: 1, field: needed, message: `the column ${needed} is missing` });
  }
  if (problems.some((p) => p.line === 1)) return { rows: [], problems, unknownColumns };

  const rows: NewLwdbRow[] = [];
  const seen = new Map<string, number>();
  parsed.data.forEach((raw, i) => {
    const line = i + 2;
    const result = rowSchema.safeParse(Object.fromEntries(columns.map((c) => [c, raw[c]])));
    if (!result.success) {
      for (const issue of result.error.issues) problems.push({ line, field: String(issue.path[0] ?? ""), message: issue.message });
      return;
    }
    const first = seen.get(result.data.customerCode);
    if (first) {
      problems.push({ line, field: "customerCode", message: `${result.data.customerCode} is also on line ${first}` });
      return;
    }
    seen.set(result.data.customerCode, line);
    rows.push(result.data);
  });
  return { rows, problems, unknownColumns };
}

/**
 * Loads an export: every row is inserted or, when its customer code is already there, replaced,
 * all in one transaction. With `replace`, rows whose code the export no longer has are removed (the
 * export is then the whole list). With any problem, nothing changes.
 */
export async function importLwdbCsv(db: Db, csv: string, { replace = false }: { replace?: boolean } = {}): Promise<LwdbImportResult> {
  const { rows, problems, unknownColumns } = parseLwdbCsv(csv);
  if (problems.length) return { ok: false, rows: rows.length, removed: 0, problems, unknownColumns };
  let removed = 0;
  await db.transaction(async (tx) => {
    const now = new Date();
    for (let i = 0; i < rows.length; i += 500) {
      const batch = rows.slice(i, i + 500).map((r) => ({ ...r, importedAt: now }));
      const set = Object.fromEntries([...columns, "importedAt"].filter((c) => c !== "customerCode").map((c) => [c, sql.raw(`excluded.${toSnake(c)}`)]));
      await tx.insert(lwdbRecords).values(batch).onConflictDoUpdate({ target: lwdbRecords.customerCode, set });
    }
    if (replace) {
      const codes = rows.map((r) => r.customerCode);
      const gone = await tx
        .delete(lwdbRecords)
        .where(codes.length ? notInArray(lwdbRecords.customerCode, codes) : sql`true`)
        .returning({ code: lwdbRecords.customerCode });
      removed = gone.length;
    }
  });
  return { ok: true, rows: rows.length, removed, problems: [], unknownColumns };
}

function toSnake(name: string): string {
  return name.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);
}

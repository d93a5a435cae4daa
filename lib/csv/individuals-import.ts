import Papa from "papaparse";
import { CSV_BOM, CSV_EOL } from "./csv";
import { MAX_INDIVIDUALS, individualSchema, type Individual } from "@/lib/schemas/onboarding-request";

/*
 * Bulk import of individuals (name and email) from a CSV file, for the request form. Pure, so the
 * browser parses and checks the file at once and the server can run the very same code; the
 * server checks the individuals again with the request schema whatever the browser said.
 *
 * What it copes with, because this is what spreadsheets write:
 * - a UTF-8 byte order mark (Excel's "CSV UTF-8"), UTF-16 with its mark (Excel's "Unicode text")
 *   and Windows-1252 (Excel's plain "CSV" on Windows) when the bytes are not UTF-8 (decodeCsv);
 * - comma, semicolon (Excel where the decimal separator is a comma), tab or pipe between fields,
 *   and Excel's `sep=;` first line that names the delimiter;
 * - CRLF, LF or CR line ends, quoted fields with doubled quotes, blank lines and rows of empty cells;
 * - header names in any case and spacing: "Name", "Full name", "Email", "Email address",
 *   "E-mail", or "First name" + "Last name" columns joined into the name; a file without a header
 *   when its first row already looks like a name and an email.
 *
 * Every cell is trimmed and emails are lower-cased (by the schema). A row that fails gets its
 * reasons as message keys under `validation` in messages/en-GB.json, with the spreadsheet row
 * number (the header is row 1), so the form can list "Row 7: Enter a valid email address".
 * An email already used by an earlier row (or already in the form) is flagged as a duplicate on
 * the later row; the earlier one is kept.
 */

/** Largest file the import reads: 5,000 rows of long names and emails fit with room to spare. */
export const MAX_CSV_BYTES = 2 * 1024 * 1024;

export const INDIVIDUALS_CSV_TEMPLATE_FILENAME = "individuals-template.csv";

export interface RowProblem {
  field: "name" | "email" | "row";
  /** Message key under `validation`. */
  message: string;
}

export interface RejectedRow {
  /** Spreadsheet row number: the header is row 1, so the first individual is row 2. */
  row: number;
  name: string;
  email: string;
  problems: RowProblem[];
}

export interface IndividualsImport {
  /** Rows that passed, trimmed and lower-cased, in file order, without duplicates. */
  individuals: Individual[];
  /** Spreadsheet row numbers of `individuals`, index for index. */
  rows: number[];
  rejected: RejectedRow[];
  /**
   * Why the whole file could not be read (message key under `validation`): no rows, no name or
   * email column, too many rows. `individuals` and `rejected` are then empty.
   */
  fileError?: "csvEmpty" | "csvMissingColumns" | "csvTooLarge" | "tooManyIndividuals";
}

export interface ImportOptions {
  /** Emails already in the form: a row repeating one is flagged as a duplicate. */
  existingEmails?: Iterable<string>;
  /** Most individuals accepted (default MAX_INDIVIDUALS). */
  maxRows?: number;
}

/** The template offered for download: the header the import reads best, and nothing else. */
export function individualsCsvTemplate(): string {
  // No example row: one left in by mistake would invite (and charge for) an individual.
  return `${CSV_BOM}Name,Email${CSV_EOL}`;
}

/**
 * Text of a CSV file's bytes: UTF-16 by its byte order mark, else UTF-8 (its mark dropped), else
 * Windows-1252, which Excel on Windows still writes for "CSV (Comma delimited)".
 */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

type Column = "name" | "email" | "firstName" | "lastName";

/** Header aliases, compared after lower-casing and dropping spaces, dots, hyphens and underscores. */
const HEADERS: Record<string, Column> = {
  name: "name",
  fullname: "name",
  individual: "name",
  individualname: "name",
  director: "name",
  directorname: "name",
  email: "email",
  emailaddress: "email",
  mail: "email",
  firstname: "firstName",
  forename: "firstName",
  givenname: "firstName",
  lastname: "lastName",
  surname: "lastName",
  familyname: "lastName",
};

function headerKey(cell: string): string {
  return cell.toLowerCase().replace(/[\s._-]+/g, "");
}

/** Which cell holds which value; null when the header row names no usable columns. */
function columnsOf(header: string[]): Partial<Record<Column, number>> | null {
  const columns: Partial<Record<Column, number>> = {};
  header.forEach((cell, index) => {
    const column = HEADERS[headerKey(cell)];
    if (column && columns[column] === undefined) columns[column] = index;
  });
  const hasName = columns.name !== undefined || columns.firstName !== undefined || columns.lastName !== undefined;
  return hasName && columns.email !== undefined ? columns : null;
}

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isBlank(row: string[]): boolean {
  return row.every((cell) => cell.trim() === "");
}

/** Parses and checks a CSV file's text. Never throws on bad input: problems are in the result. */
export function parseIndividualsCsv(text: string, options: ImportOptions = {}): IndividualsImport {
  const maxRows = options.maxRows ?? MAX_INDIVIDUALS;
  const empty = (fileError: IndividualsImport["fileError"]): IndividualsImport => ({ individuals: [], rows: [], rejected: [], fileError });
  if (text.length > MAX_CSV_BYTES) return empty("csvTooLarge");

  let input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let delimiter: string | undefined;
  const sep = /^"?sep=(.)"?[ \t]*(\r\n|\n|\r|$)/i.exec(input);
  if (sep) {
    delimiter = sep[1];
    input = input.slice(sep[0].length);
  }

  // papaparse guesses the delimiter from the first rows, counting blank lines as rows of one
  // field unless told to skip them; so guess on a preview without them, then parse keeping them,
  // so that row numbers match the spreadsheet's.
  delimiter ??= Papa.parse<string[]>(input, { delimitersToGuess: [",", ";", "\t", "|"], skipEmptyLines: "greedy", preview: 10 }).meta.delimiter;
  const parsed = Papa.parse<string[]>(input, { delimiter, skipEmptyLines: false });
  const records = parsed.data;
  const firstIndex = records.findIndex((r) => !isBlank(r));
  if (firstIndex === -1) return empty("csvEmpty");

  let columns = columnsOf(records[firstIndex]!);
  let start = firstIndex + 1;
  if (!columns) {
    // No header: accept a file whose first row is already "name, email".
    const first = records[firstIndex]!;
    if (first.length >= 2 && LOOKS_LIKE_EMAIL.test(first[1]!.trim())) {
      columns = { name: 0, email: 1 };
      start = firstIndex;
    } else {
      return empty("csvMissingColumns");
    }
  }

  const cell = (record: string[], column: Column) => {
    const index = columns[column];
    return index === undefined ? "" : (record[index] ?? "").trim();
  };

  const dataRows: { row: number; record: string[] }[] = [];
  for (let i = start; i < records.length; i++) {
    if (!isBlank(records[i]!)) dataRows.push({ row: i + 1, record: records[i]! });
  }
  if (dataRows.length === 0) return empty("csvEmpty");
  if (dataRows.length > maxRows) return empty("tooManyIndividuals");

  const seen = new Set<string>();
  for (const email of options.existingEmails ?? []) seen.add(email.trim().toLowerCase());

  const result: IndividualsImport = { individuals: [], rows: [], rejected: [] };
  for (const { row, record } of dataRows) {
    const name =
      columns.name !== undefined ? cell(record, "name") : [cell(record, "firstName"), cell(record, "lastName")].filter(Boolean).join(" ");
    const email = cell(record, "email");
    const checked = individualSchema.safeParse({ name, email });
    if (!checked.success) {
      const problems: RowProblem[] = [];
      for (const issue of checked.error.issues) {
        const field = issue.path[0] === "name" || issue.path[0] === "email" ? issue.path[0] : "row";
        if (!problems.some((p) => p.field === field)) problems.push({ field, message: issue.message });
      }
      result.rejected.push({ row, name, email, problems });
      continue;
    }
    if (seen.has(checked.data.email)) {
      result.rejected.push({ row, name, email, problems: [{ field: "email", message: "duplicateEmail" }] });
      continue;
    }
    seen.add(checked.data.email);
    result.individuals.push(checked.data);
    result.rows.push(row);
  }
  return result;
}

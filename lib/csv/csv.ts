/**
 * CSV writing (RFC 4180) for exports that spreadsheet users open. Pure: no I/O, no server imports.
 *
 * - Fields are separated by commas and records end with CRLF.
 * - Every field is quoted, and its quotes are doubled: a spreadsheet that splits on `;` (or on
 *   both `;` and `,`) keeps a quoted field whole instead of cutting it into cells of its own.
 * - Formula injection (docs/security.md, OWASP "CSV injection"): text whose start, or the start of
 *   any `;`- or `,`-separated part (after spaces), is `=`, `+`, `-`, `@`, a tab or a carriage return
 *   (or the full-width `＝ ＋ － ＠`, which some spreadsheet versions also evaluate) gets an
 *   apostrophe before that character, so a spreadsheet shows it as text instead of running it, even
 *   one that splits the cell further: `x;=1+1` is written `"x;'=1+1"`. Numbers, booleans and dates
 *   are written as values and never neutralised (`-5` is a number, not a formula).
 * - Files start with a UTF-8 byte order mark so that Excel reads them as UTF-8.
 */

export const CSV_BOM = "\uFEFF";
export const CSV_EOL = "\r\n";

/**
 * A formula character at the start of the text or of a `;`- or `,`-separated part, after any
 * spaces (some spreadsheets trim them): group 1 is everything before the character.
 */
const FORMULA_PART = /(^|[;,])([ \u00A0]*)(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g;

/**
 * A number written with its own digits, such as an amount in pounds with its two decimals
 * (`"55.00"`, `"-1.00"`): a value like a number, never neutralised.
 */
export class CsvDecimal {
  constructor(readonly text: string) {}
}

/** The text of one cell, before neutralising and quoting. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof CsvDecimal) return value.text;
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString();
  return JSON.stringify(value) ?? "";
}

/**
 * Puts an apostrophe before a formula character that starts the text or any `;`- or `,`-separated
 * part of it (after spaces), so no part a spreadsheet may split the cell into runs as a formula.
 * Only ever inserts apostrophes.
 */
export function neutraliseFormula(text: string): string {
  return text.replace(FORMULA_PART, "$1$2'");
}

/** Quotes a field, doubling its quotes (every field is quoted). */
export function quoteField(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * One cell, ready to join. Strings, arrays and objects (JSON) are text and are neutralised;
 * numbers, booleans and dates are not.
 */
export function csvCell(value: unknown): string {
  const text = cellText(value);
  const isText = typeof value === "string" || (typeof value === "object" && value !== null && !(value instanceof Date) && !(value instanceof CsvDecimal));
  return quoteField(isText ? neutraliseFormula(text) : text);
}

/** One record, with its CRLF. */
export function csvRow(values: readonly unknown[]): string {
  let out = "";
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ",";
    out += csvCell(values[i]);
  }
  return out + CSV_EOL;
}

/** A whole document in memory (small files and tests; large exports use `csvStream`). */
export function toCsv(header: readonly string[], rows: Iterable<readonly unknown[]>, { bom = true } = {}): string {
  let out = (bom ? CSV_BOM : "") + csvRow(header);
  for (const row of rows) out += csvRow(row);
  return out;
}

/**
 * A CSV file as a byte stream: the BOM and the header, then the rows of each batch that `batches`
 * yields. Pull-based: the next batch is read only when the consumer wants more bytes, so a slow
 * download never makes the server read ahead, and memory stays at about one batch. Cancelling the
 * stream (the client went away) stops the iterator, which lets it release its resources.
 */
export function csvStream(
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly unknown[])[]>,
  { bom = true, onError }: { bom?: boolean; onError?: (err: unknown) => void } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  // Node's Buffer encodes large strings several times faster than TextEncoder; browsers have no Buffer.
  const encode: (text: string) => Uint8Array =
    typeof Buffer === "function" ? (text) => Buffer.from(text, "utf8") : (text) => encoder.encode(text);
  let iterator: AsyncIterator<readonly (readonly unknown[])[]> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encode((bom ? CSV_BOM : "") + csvRow(header)));
      },
      async pull(controller) {
        iterator ??= batches[Symbol.asyncIterator]();
        try {
          // Loop past empty batches: a pull that enqueues nothing would not be called again.
          for (;;) {
            const next = await iterator.next();
            if (next.done) {
              controller.close();
              return;
            }
            let chunk = "";
            for (const row of next.value) chunk += csvRow(row);
            if (chunk) {
              controller.enqueue(encode(chunk));
              return;
            }
          }
        } catch (err) {
          onError?.(err);
          controller.error(err);
        }
      },
      async cancel() {
        await iterator?.return?.();
      },
    },
    // One batch at a time: pull again only when the previous chunk has been taken.
    { highWaterMark: 1 },
  );
}

/**
 * CSV writing (RFC 4180) for exports that spreadsheet users open. Pure: no I/O, no server imports.
 *
 * - Fields are separated by commas and records end with CRLF.
 * - A field is quoted when it contains a comma, a double quote, CR or LF; quotes are doubled.
 * - Formula injection (docs/security.md, OWASP "CSV injection"): a text cell that starts with `=`, `+`,
 *   `-`, `@`, a tab or a carriage return (or the full-width `＝ ＋ － ＠`, which some spreadsheet
 *   versions also evaluate) gets a leading apostrophe, so a spreadsheet shows it as text instead of
 *   running it. Numbers, booleans and dates are written as values and never neutralised (`-5` is a
 *   number, not a formula).
 * - Files start with a UTF-8 byte order mark so that Excel reads them as UTF-8.
 */

export const CSV_BOM = "\uFEFF";
export const CSV_EOL = "\r\n";

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** The text of one cell, before neutralising and quoting. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString();
  return JSON.stringify(value) ?? "";
}

/** Prefixes an apostrophe to text a spreadsheet would treat as a formula. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Quotes a field if RFC 4180 requires it. */
export function quoteField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * One cell, ready to join. Strings, arrays and objects (JSON) are text and are neutralised;
 * numbers, booleans and dates are not.
 */
export function csvCell(value: unknown): string {
  const text = cellText(value);
  const isText = typeof value === "string" || (typeof value === "object" && value !== null && !(value instanceof Date));
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

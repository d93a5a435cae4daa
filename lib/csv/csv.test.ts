import { CSV_BOM, cellText, csvCell, csvRow, csvStream, neutraliseFormula, quoteField, toCsv } from "./csv";
import fc from "fast-check";
import { parseCsv } from "@/tests/support/parse-csv";

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let out = "";
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    out += decoder.decode(value, { stream: true });
  }
  return out + decoder.decode();
}

describe("csvCell", () => {
  it("quotes every field, plain text too", () => {
    expect(csvCell("Hartwell Holdings Ltd")).toBe('"Hartwell Holdings Ltd"');
  });

  it("doubles quotes and keeps commas, CR and LF inside the quotes (RFC 4180)", () => {
    expect(csvCell("Calder and Finch")).toBe('"Calder and Finch"');
    expect(csvCell('The "best" Ltd')).toBe('"The ""best"" Ltd"');
    expect(csvCell("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvCell("line 1\r\nline 2")).toBe('"line 1\r\nline 2"');
    expect(csvCell('"')).toBe('""""');
  });

  it.each([
    ["=cmd|' /C calc'!A0", `"'=cmd|' /C calc'!A0"`],
    ["+44 20 7946 0321", `"'+44 20 7946 0321"`],
    ["-2+3", `"'-2+3"`],
    ["@SUM(A1:A2)", `"'@SUM(A1:A2)"`],
    ["\t=1+1", `"'\t=1+1"`],
    ["＝1+1", `"'＝1+1"`],
    [" =1", `" '=1"`],
  ])("neutralises formula-like text %j", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it.each([
    ["x;=1+1", `"x;'=1+1"`],
    ["x,=1+1", `"x,'=1+1"`],
    ["Calder, Finch", '"Calder, Finch"'],
    ["a;b; @SUM(A1)", `"a;b; '@SUM(A1)"`],
    ["a;;+1", `"a;;'+1"`],
    ["a,-1;=2", `"a,'-1;'=2"`],
    ["a;\t=1", `"a;'\t=1"`],
    ["a;\r=1", `"a;'\r=1"`],
    ["x;＠1", `"x;'＠1"`],
  ])("neutralises a formula at the start of any ;- or ,-separated part: %j", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it("neutralises and then quotes", () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvCell("\rline")).toBe(`"'\rline"`);
    expect(csvCell("=1,2")).toBe(`"'=1,2"`);
  });

  it("leaves text that only contains those characters inside a part alone", () => {
    expect(csvCell("a=b")).toBe('"a=b"');
    expect(csvCell("jo@example.com")).toBe('"jo@example.com"');
    expect(csvCell("Smith-Jones; a+b")).toBe('"Smith-Jones; a+b"');
  });

  it("writes numbers, booleans and dates as values (quoted), never neutralised", () => {
    expect(csvCell(-5)).toBe('"-5"');
    expect(csvCell(5500)).toBe('"5500"');
    expect(csvCell(0)).toBe('"0"');
    expect(csvCell(true)).toBe('"true"');
    expect(csvCell(false)).toBe('"false"');
    expect(csvCell(new Date("2024-05-01T09:30:00Z"))).toBe('"2024-05-01T09:30:00.000Z"');
    expect(csvCell(Number.NaN)).toBe('""');
  });

  it("writes an empty field for null and undefined", () => {
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
  });

  it("writes arrays and objects as JSON text, quoted", () => {
    expect(csvCell(["Sophie Marsh"])).toBe('"[""Sophie Marsh""]"');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
  });

  it("keeps unicode as is", () => {
    expect(csvCell("Zoë Ñúñez — 東京 🚀")).toBe('"Zoë Ñúñez — 東京 🚀"');
  });
});

describe("properties (fast-check)", () => {
  const FORMULA = /^[ \u00A0]*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
  // Text rich in separators, formula characters, quotes and spaces, beside arbitrary unicode.
  const risky = fc.stringMatching(/^[=+\-@\t\r\n;, "'a1＝＋－＠\u00A0]*$/);
  const text = fc.oneof(risky, fc.string({ unit: "grapheme" }), fc.string());

  it("every written cell is quoted, reads back whole, and no ;- or ,-separated part starts a formula", () => {
    fc.assert(
      fc.property(text, (value) => {
        const cell = csvCell(value);
        expect(cell.startsWith('"') && cell.endsWith('"')).toBe(true);
        // Inside the quotes every quote is doubled, so the field cannot end early.
        expect(cell.slice(1, -1).replace(/""/g, "")).not.toContain('"');
        const [[read]] = parseCsv(cell + "\r\n") as [[string]];
        expect(read).toBe(neutraliseFormula(value));
        for (const part of read.split(/[;,]/)) expect(part).not.toMatch(FORMULA);
      }),
      { numRuns: 2000 },
    );
  });

  it("neutralising only inserts apostrophes, and does nothing more the second time", () => {
    fc.assert(
      fc.property(text, (value) => {
        const out = neutraliseFormula(value);
        expect(out.replace(/'/g, "")).toBe(value.replace(/'/g, ""));
        expect(neutraliseFormula(out)).toBe(out);
      }),
      { numRuns: 2000 },
    );
  });

  it("a row of any cells reads back as as many fields", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(text, fc.integer(), fc.constant(null)), { minLength: 1, maxLength: 8 }), (values) => {
        const rows = parseCsv(csvRow(values));
        expect(rows).toHaveLength(1);
        expect(rows[0]).toHaveLength(values.length);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("helpers", () => {
  it("cellText, neutraliseFormula and quoteField do one thing each", () => {
    expect(cellText(new Date(Number.NaN))).toBe("");
    expect(cellText(12n)).toBe("12");
    expect(neutraliseFormula("=x")).toBe("'=x");
    expect(neutraliseFormula("x")).toBe("x");
    expect(neutraliseFormula("x;=y")).toBe("x;'=y");
    expect(quoteField("a,b")).toBe('"a,b"');
    expect(quoteField("ab")).toBe('"ab"');
  });
});

describe("csvRow and toCsv", () => {
  it("joins quoted cells with commas and ends records with CRLF", () => {
    expect(csvRow(["a", 1, null, "b,c"])).toBe('"a","1","","b,c"\r\n');
  });

  it("starts the document with a UTF-8 BOM and reads back to the same values", () => {
    const header = ["name", "note", "price"];
    const rows = [
      ["Zoë, \"the\" director", "line 1\nline 2", 5500],
      ["=cmd", "", -1],
    ];
    const text = toCsv(header, rows);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(Buffer.from(text, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(parseCsv(text.slice(1))).toEqual([header, ['Zoë, "the" director', "line 1\nline 2", "5500"], ["'=cmd", "", "-1"]]);
  });

  it("can leave the BOM out", () => {
    expect(toCsv(["a"], [], { bom: false })).toBe('"a"\r\n');
  });
});

describe("csvStream", () => {
  async function* batches(...list: unknown[][][]) {
    for (const b of list) yield b;
  }

  it("streams the BOM, the header and every batch, skipping empty batches", async () => {
    const text = await readAll(csvStream(["id", "name"], batches([[1, "Ann"]], [], [[2, "=Bob"], [3, "Cy, Jr"]])));
    expect(text).toBe(`${CSV_BOM}"id","name"\r\n"1","Ann"\r\n"2","'=Bob"\r\n"3","Cy, Jr"\r\n`);
  });

  it("encodes as UTF-8", async () => {
    const reader = csvStream(["naïve"], batches([["東京"]])).getReader();
    const chunks: number[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(...value);
    }
    expect(Buffer.from(chunks).toString("utf8")).toBe('\uFEFF"naïve"\r\n"東京"\r\n');
  });

  it("reads the next batch only when the consumer asks for more", async () => {
    let produced = 0;
    async function* counting() {
      for (let i = 0; i < 100; i++) {
        produced++;
        yield [[i]];
      }
    }
    const reader = csvStream(["n"], counting()).getReader();
    await reader.read(); // header
    await reader.read(); // first batch
    await new Promise((r) => setTimeout(r, 10));
    expect(produced).toBeLessThanOrEqual(2);
    await reader.cancel();
  });

  it("stops the source when the consumer cancels", async () => {
    let finished = false;
    async function* source() {
      try {
        for (let i = 0; ; i++) yield [[i]];
      } finally {
        finished = true;
      }
    }
    const reader = csvStream(["n"], source()).getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(finished).toBe(true);
  });

  it("errors the stream when the source fails", async () => {
    const onError = jest.fn();
    async function* failing(): AsyncGenerator<unknown[][]> {
      yield [[1]];
      throw new Error("database went away");
    }
    await expect(readAll(csvStream(["n"], failing(), { onError }))).rejects.toThrow("database went away");
    expect(onError).toHaveBeenCalledTimes(1);
  });
});

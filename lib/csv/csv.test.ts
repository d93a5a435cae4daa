import { CSV_BOM, cellText, csvCell, csvRow, csvStream, neutraliseFormula, quoteField, toCsv } from "./csv";
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
  it("writes plain text as is", () => {
    expect(csvCell("Hartwell Holdings Ltd")).toBe("Hartwell Holdings Ltd");
  });

  it("quotes fields with commas, quotes, CR or LF and doubles the quotes (RFC 4180)", () => {
    expect(csvCell("Calder, Finch")).toBe('"Calder, Finch"');
    expect(csvCell('The "best" Ltd')).toBe('"The ""best"" Ltd"');
    expect(csvCell("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvCell("line 1\r\nline 2")).toBe('"line 1\r\nline 2"');
    expect(csvCell('"')).toBe('""""');
  });

  it.each([
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ["+44 20 7946 0321", "'+44 20 7946 0321"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=1+1", "'\t=1+1"],
    ["＝1+1", "'＝1+1"],
  ])("neutralises formula-like text %j", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it("neutralises and then quotes when both are needed", () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvCell("\rline")).toBe(`"'\rline"`);
    expect(csvCell("=1,2")).toBe(`"'=1,2"`);
  });

  it("leaves text that only contains those characters later alone", () => {
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("jo@example.com")).toBe("jo@example.com");
    expect(csvCell(" =1")).toBe(" =1");
  });

  it("writes numbers, booleans and dates as values, never neutralised", () => {
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(5500)).toBe("5500");
    expect(csvCell(0)).toBe("0");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(false)).toBe("false");
    expect(csvCell(new Date("2024-05-01T09:30:00Z"))).toBe("2024-05-01T09:30:00.000Z");
    expect(csvCell(Number.NaN)).toBe("");
  });

  it("writes nothing for null and undefined", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("writes arrays and objects as JSON text, quoted", () => {
    expect(csvCell(["Sophie Marsh"])).toBe('"[""Sophie Marsh""]"');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
  });

  it("keeps unicode as is", () => {
    expect(csvCell("Zoë Ñúñez — 東京 🚀")).toBe("Zoë Ñúñez — 東京 🚀");
  });
});

describe("helpers", () => {
  it("cellText, neutraliseFormula and quoteField do one thing each", () => {
    expect(cellText(new Date(Number.NaN))).toBe("");
    expect(cellText(12n)).toBe("12");
    expect(neutraliseFormula("=x")).toBe("'=x");
    expect(neutraliseFormula("x")).toBe("x");
    expect(quoteField("a,b")).toBe('"a,b"');
    expect(quoteField("ab")).toBe("ab");
  });
});

describe("csvRow and toCsv", () => {
  it("joins cells with commas and ends records with CRLF", () => {
    expect(csvRow(["a", 1, null, "b,c"])).toBe('a,1,,"b,c"\r\n');
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
    expect(toCsv(["a"], [], { bom: false })).toBe("a\r\n");
  });
});

describe("csvStream", () => {
  async function* batches(...list: unknown[][][]) {
    for (const b of list) yield b;
  }

  it("streams the BOM, the header and every batch, skipping empty batches", async () => {
    const text = await readAll(csvStream(["id", "name"], batches([[1, "Ann"]], [], [[2, "=Bob"], [3, "Cy, Jr"]])));
    expect(text).toBe(`${CSV_BOM}id,name\r\n1,Ann\r\n2,'=Bob\r\n3,"Cy, Jr"\r\n`);
  });

  it("encodes as UTF-8", async () => {
    const reader = csvStream(["naïve"], batches([["東京"]])).getReader();
    const chunks: number[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(...value);
    }
    expect(Buffer.from(chunks).toString("utf8")).toBe("\uFEFFnaïve\r\n東京\r\n");
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

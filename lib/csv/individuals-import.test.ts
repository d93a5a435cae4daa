import { decodeCsv, individualsCsvTemplate, parseIndividualsCsv } from "./individuals-import";

const BOM = "\uFEFF";

describe("parseIndividualsCsv", () => {
  it("reads a comma file with a header, trimming cells and lower-casing emails", () => {
    const r = parseIndividualsCsv("Name,Email\n  Jane Smith , Jane.Smith@Example.COM \nTom Brown,tom@example.com\n");
    expect(r.fileError).toBeUndefined();
    expect(r.individuals).toEqual([
      { name: "Jane Smith", email: "jane.smith@example.com" },
      { name: "Tom Brown", email: "tom@example.com" },
    ]);
    expect(r.rows).toEqual([2, 3]);
    expect(r.rejected).toEqual([]);
  });

  it.each([
    ["semicolon (Excel with a decimal comma)", "Full name;Email address\r\nSmith, Jane;jane@example.com\r\n"],
    ["tab", "NAME\tE-mail\r\nSmith, Jane\tjane@example.com\r\n"],
    ["pipe", "name|email\nSmith, Jane|jane@example.com"],
    ["quoted comma, CR line ends", 'Name,Email\r"Smith, Jane",jane@example.com\r'],
    ["a byte order mark and sep= line", `${BOM}sep=;\r\nName;Email\r\nSmith, Jane;jane@example.com\r\n`],
    ["quotes doubled inside a quoted field", 'Email,Name\n jane@example.com ,"Smith, Jane"\n'],
  ])("copes with %s", (_, text) => {
    const r = parseIndividualsCsv(text);
    expect(r.fileError).toBeUndefined();
    expect(r.rejected).toEqual([]);
    expect(r.individuals).toEqual([{ name: "Smith, Jane", email: "jane@example.com" }]);
  });

  it("joins First name and Last name columns into the name", () => {
    const r = parseIndividualsCsv("First Name,Last_Name,Email Address\nJane,Smith,jane@example.com\n,Brown,tom@example.com\n");
    expect(r.individuals.map((i) => i.name)).toEqual(["Jane Smith", "Brown"]);
  });

  it("reads a file without a header when its first row is a name and an email", () => {
    const r = parseIndividualsCsv("Jane Smith,jane@example.com\nTom Brown,tom@example.com");
    expect(r.individuals).toHaveLength(2);
    expect(r.rows).toEqual([1, 2]);
  });

  it("lists each bad row with its spreadsheet row number and reasons, skipping blank lines", () => {
    const text = ["Name,Email", "Jane Smith,jane@example.com", "", ",,", "No Email,", "Bad Email,not-an-email", ",nobody@example.com", "Jane Again,JANE@example.com", `${"x".repeat(201)},long@example.com`].join("\r\n");
    const r = parseIndividualsCsv(text);
    expect(r.individuals).toEqual([{ name: "Jane Smith", email: "jane@example.com" }]);
    expect(r.rejected).toEqual([
      { row: 5, name: "No Email", email: "", problems: [{ field: "email", message: "individualEmailRequired" }] },
      { row: 6, name: "Bad Email", email: "not-an-email", problems: [{ field: "email", message: "individualEmailFormat" }] },
      { row: 7, name: "", email: "nobody@example.com", problems: [{ field: "name", message: "individualNameRequired" }] },
      { row: 8, name: "Jane Again", email: "JANE@example.com", problems: [{ field: "email", message: "duplicateEmail" }] },
      { row: 9, name: "x".repeat(201), email: "long@example.com", problems: [{ field: "name", message: "tooLong" }] },
    ]);
  });

  it("flags an email already in the form as a duplicate", () => {
    const r = parseIndividualsCsv("Name,Email\nJane,jane@example.com\nTom,tom@example.com", { existingEmails: [" Tom@Example.com"] });
    expect(r.individuals.map((i) => i.email)).toEqual(["jane@example.com"]);
    expect(r.rejected[0]).toMatchObject({ row: 3, problems: [{ field: "email", message: "duplicateEmail" }] });
  });

  it("refuses control characters and line breaks inside a name", () => {
    const r = parseIndividualsCsv('Name,Email\n"Jane\nSmith",jane@example.com\nTom\u0000,tom@example.com');
    expect(r.individuals).toEqual([]);
    expect(r.rejected.map((x) => x.problems[0]!.message)).toEqual(["invalidCharacters", "invalidCharacters"]);
  });

  it.each([
    ["", "csvEmpty"],
    ["\r\n\r\n", "csvEmpty"],
    ["Name,Email\r\n", "csvEmpty"],
    ["Company,Phone\nAcme,0123", "csvMissingColumns"],
    ["Name\nJane", "csvMissingColumns"],
  ])("gives a file error for %j", (text, error) => {
    expect(parseIndividualsCsv(text)).toEqual({ individuals: [], rows: [], rejected: [], fileError: error });
  });

  it("refuses more rows than a request may carry, and files over the size limit", () => {
    const rows = Array.from({ length: 4 }, (_, i) => `P${i},p${i}@example.com`);
    expect(parseIndividualsCsv(["Name,Email", ...rows].join("\n"), { maxRows: 3 }).fileError).toBe("tooManyIndividuals");
    expect(parseIndividualsCsv(["Name,Email", ...rows].join("\n"), { maxRows: 4 }).individuals).toHaveLength(4);
    expect(parseIndividualsCsv("x".repeat(2 * 1024 * 1024 + 1)).fileError).toBe("csvTooLarge");
  });

  it("reads its own template back as an empty file with the right columns", () => {
    expect(individualsCsvTemplate()).toBe(`${BOM}Name,Email\r\n`);
    expect(parseIndividualsCsv(individualsCsvTemplate()).fileError).toBe("csvEmpty");
    expect(parseIndividualsCsv(`${individualsCsvTemplate()}Jane,jane@example.com\r\n`).individuals).toHaveLength(1);
  });
});

describe("decodeCsv", () => {
  const text = "Name,Email\r\nZoë Brontë,zoe@example.com\r\n";
  it("reads UTF-8 with and without its byte order mark", () => {
    const utf8 = new TextEncoder().encode(text);
    expect(decodeCsv(utf8)).toBe(text);
    expect(decodeCsv(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe(text);
  });
  it("reads UTF-16 LE with its mark (Excel's Unicode text)", () => {
    const bytes = [0xff, 0xfe];
    for (const ch of text) bytes.push(ch.charCodeAt(0) & 0xff, ch.charCodeAt(0) >> 8);
    expect(decodeCsv(new Uint8Array(bytes))).toBe(text);
  });
  it("falls back to Windows-1252 for bytes that are not UTF-8", () => {
    const bytes = Array.from(text, (ch) => ch.charCodeAt(0)); // ë is 0xEB in Windows-1252
    expect(decodeCsv(new Uint8Array(bytes))).toBe(text);
  });
});

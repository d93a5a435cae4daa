import { and, eq, isNotNull } from "drizzle-orm";
import { getDb } from "@/db";
import { directors } from "@/db/schema";
import { GET as clientExport } from "@/app/api/admin/export/client/route";
import { GET as directorExport } from "@/app/api/admin/export/director/route";
import { GET as clientDirectorsExport } from "@/app/api/admin/director-verification/clients/[id]/directors-export/route";
import { exportDirectorsCsv } from "@/lib/server/exports/export-directors-csv";
import { insertClientWithDirectors } from "../support/factories";
import { parseCsv } from "../support/parse-csv";
import { apiRequest, routeParams } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";
import { adminPrincipal, anonymous, asAdmin, asContact, demoClient, withApiKey } from "./support/test-users";

setupTestDb();

const BOM = [0xef, 0xbb, 0xbf];

/** The rows of a CSV response as objects keyed by the header, after checking the BOM and the CRLF ending. */
async function records(res: Response): Promise<{ header: string[]; rows: Record<string, string>[]; text: string }> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual(BOM);
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1);
  expect(text.endsWith("\r\n")).toBe(true);
  const [header, ...data] = parseCsv(text);
  for (const r of data) expect(r).toHaveLength(header!.length);
  return { header: header!, rows: data.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!]))), text };
}

function req(path: string, headers = asAdmin()) {
  return apiRequest(path, { headers });
}

function perClient(id: string | number, query = "", headers = asAdmin()) {
  return clientDirectorsExport(req(`/api/admin/director-verification/clients/${id}/directors-export${query}`, headers), routeParams({ id }));
}

const TRICKY = {
  formula: "=cmd|' /C calc'!A0",
  comma: "Smith, John",
  quotes: 'Jo "JJ" Jones',
  newline: "Line one\nLine two",
  unicode: "Zoë Ñúñez-東京 🚀",
};

let exportClientId: number;
const deletedDirectorEmail = "deleted.person@test.example";

beforeAll(async () => {
  const { client } = await insertClientWithDirectors(await getDb(), {
    client: {
      name: '=HYPERLINK("http://evil.example","Click"), "Exports" Ltd',
      reference: "EXPT3STA",
      mainContactEmail: "exports@test.example",
      notes: "Multi-line\nnotes, with commas",
      paymentSessionSecret: "cs_test_secret_must_not_leak",
    },
    directors: [
      { name: TRICKY.formula, email: "formula@test.example", reference: "EXPD2AAA", sessionToken: "tok_must_not_leak_1", sessionUrl: "https://idv.example/?sessionToken=tok_must_not_leak_1" },
      { name: TRICKY.comma, email: "comma@test.example", reference: "EXPD2AAB", formerNames: ["Old Name", "=Older"] },
      { name: TRICKY.quotes, email: "quotes@test.example", reference: "EXPD2AAC", addressLine1: TRICKY.newline },
      { name: TRICKY.unicode, email: "unicode@test.example", reference: "EXPD2AAD", priceOverride: -100, priceOverrideReason: "-10% agreed" },
      { name: "Deleted Person", email: deletedDirectorEmail, reference: "EXPD2AAE", isDeleted: true, deleteReason: "Resigned before starting." },
    ],
  });
  exportClientId = client.id;
});

describe("GET /api/admin/export/director", () => {
  it("streams a UTF-8 CSV attachment with a BOM and a dated file name", async () => {
    const res = await directorExport(req("/api/admin/export/director"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="individuals-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toBeInstanceOf(ReadableStream);
    const { header, rows } = await records(res);
    expect(header.slice(0, 7)).toEqual(["id", "clientId", "clientName", "clientReference", "clientSageId", "clientProductTier", "name"]);
    const james = rows.find((r) => r.email === "james.whitaker@hartwell-holdings.example")!;
    expect(james).toMatchObject({ name: "James Whitaker", reference: "JW4T8KQM", status: "AwaitingIDInfo", clientName: "Hartwell Holdings Ltd", clientReference: "HWH7K2QP", clientSageId: "HART001", clientProductTier: "Managed", isDeleted: "false" });
  });

  it("neutralises formulas and quotes commas, quotes and newlines, keeping unicode", async () => {
    const { rows, text } = await records(await directorExport(req("/api/admin/export/director")));
    const mine = rows.filter((r) => r.clientId === String(exportClientId));
    const byEmail = Object.fromEntries(mine.map((r) => [r.email, r]));
    expect(byEmail["formula@test.example"]!.name).toBe(`'${TRICKY.formula}`);
    expect(byEmail["formula@test.example"]!.clientName).toBe(`'=HYPERLINK("http://evil.example","Click"), "Exports" Ltd`);
    expect(byEmail["comma@test.example"]!.name).toBe(TRICKY.comma);
    // A spreadsheet that splits on ";" would run the second part: it is neutralised too.
    expect(byEmail["comma@test.example"]!.formerNames).toBe("Old Name; '=Older");
    expect(byEmail["quotes@test.example"]!.name).toBe(TRICKY.quotes);
    expect(byEmail["quotes@test.example"]!.addressLine1).toBe(TRICKY.newline);
    expect(byEmail["unicode@test.example"]!.name).toBe(TRICKY.unicode);
    expect(byEmail["unicode@test.example"]!.priceOverride).toBe("-100"); // a number, not a formula
    expect(byEmail["unicode@test.example"]!.priceOverrideReason).toBe("'-10% agreed");
    // On the wire: every field quoted, quotes doubled (RFC 4180).
    expect(text).toContain(`,"'=cmd|' /C calc'!A0",`);
    expect(text).toContain(`"Old Name; '=Older"`);
    expect(text.slice(0, text.indexOf("\r\n"))).toMatch(/^"id","clientId","clientName",/);
    expect(text).toContain('"Jo ""JJ"" Jones"');
    expect(text).toContain('"Line one\nLine two"');
    expect(text).toContain('"Smith, John"');
  });

  it("never exports session tokens, session URLs or payment secrets", async () => {
    const { header, text } = await records(await directorExport(req("/api/admin/export/director?includeDeleted=true")));
    expect(header).not.toContain("sessionToken");
    expect(header).not.toContain("sessionUrl");
    expect(text).not.toContain("tok_must_not_leak_1");
    const db = await getDb();
    const tokens = await db.select({ t: directors.sessionToken }).from(directors).where(isNotNull(directors.sessionToken));
    expect(tokens.length).toBeGreaterThan(1);
    for (const { t } of tokens) expect(text).not.toContain(t!);
  });

  it("leaves deleted directors out unless includeDeleted=true", async () => {
    const without = await records(await directorExport(req("/api/admin/export/director")));
    expect(without.rows.some((r) => r.email === deletedDirectorEmail)).toBe(false);
    expect(without.rows.some((r) => r.email === "mark.ellis@hartwell-holdings.example")).toBe(false);
    expect(without.rows.every((r) => r.isDeleted === "false")).toBe(true);
    const withDeleted = await records(await directorExport(req("/api/admin/export/director?includeDeleted=true")));
    expect(withDeleted.rows.find((r) => r.email === deletedDirectorEmail)).toMatchObject({ isDeleted: "true", deleteReason: "Resigned before starting." });
    expect(withDeleted.rows.length).toBe(without.rows.length + (withDeleted.rows.filter((r) => r.isDeleted === "true").length));
  });

  it("answers 400 for a bad includeDeleted and is for admins and the api-key only", async () => {
    expect((await directorExport(req("/api/admin/export/director?includeDeleted=yes"))).status).toBe(400);
    expect((await directorExport(req("/api/admin/export/director", anonymous))).status).toBe(401);
    expect((await directorExport(req("/api/admin/export/director", asContact()))).status).toBe(403);
    expect((await directorExport(req("/api/admin/export/director", withApiKey()))).status).toBe(200);
  });

  it("reads in keyset batches and loses or repeats no row across batch boundaries", async () => {
    const db = await getDb();
    const { stream } = await exportDirectorsCsv({ db, user: adminPrincipal(), includeDeleted: true, batchSize: 2 });
    const { rows } = await records(new Response(stream));
    const all = await db.select({ id: directors.id }).from(directors).orderBy(directors.id);
    expect(rows.map((r) => Number(r.id))).toEqual(all.map((d) => d.id));
  });
});

describe("GET /api/admin/export/client", () => {
  it("exports every client's non-secret fields with a dated file name", async () => {
    const res = await clientExport(req("/api/admin/export/client"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"$/);
    const { header, rows, text } = await records(res);
    expect(header).not.toContain("paymentSessionSecret");
    expect(text).not.toContain("cs_test_secret_must_not_leak");
    expect(text).not.toContain("_secret_demo");
    expect(header).toEqual(expect.arrayContaining(["id", "name", "reference", "sageId", "status", "productTier", "journey", "owner", "directorCount", "unitPrice", "billingAddressPostCode", "paymentSessionId", "isDeleted"]));
    const hartwell = rows.find((r) => r.reference === "HWH7K2QP")!;
    expect(hartwell).toMatchObject({ name: "Hartwell Holdings Ltd", sageId: "HART001", productTier: "Managed", status: "InProgress", directorCount: "6", unitPrice: "5500" });
    const mine = rows.find((r) => r.reference === "EXPT3STA")!;
    expect(mine.name).toBe(`'=HYPERLINK("http://evil.example","Click"), "Exports" Ltd`);
    expect(mine.notes).toBe("Multi-line\nnotes, with commas");
    expect(mine.directorCount).toBe("4");
  });

  it("leaves deleted clients out unless includeDeleted=true", async () => {
    const db = await getDb();
    await insertClientWithDirectors(db, {
      client: { name: "Gone Ltd", reference: "GONE2222", mainContactEmail: "gone@test.example", productTier: "OneOff", journey: "PayByCard", isDeleted: true, deleteReason: "Duplicate." },
      directors: [{ name: "Director Of Gone", email: "gone.director@test.example", reference: "GONED222" }],
    });
    const without = await records(await clientExport(req("/api/admin/export/client")));
    expect(without.rows.some((r) => r.reference === "GONE2222")).toBe(false);
    const withDeleted = await records(await clientExport(req("/api/admin/export/client?includeDeleted=true")));
    expect(withDeleted.rows.find((r) => r.reference === "GONE2222")).toMatchObject({ isDeleted: "true", deleteReason: "Duplicate." });
    // Directors of a deleted client are left out of the full director export too.
    const directorsCsv = await records(await directorExport(req("/api/admin/export/director")));
    expect(directorsCsv.rows.some((r) => r.email === "gone.director@test.example")).toBe(false);
  });
});

describe("GET /api/admin/director-verification/clients/{id}/directors-export", () => {
  it("exports that client's directors only, named after the client", async () => {
    const res = await perClient(exportClientId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="EXPT3STA-individuals-\d{4}-\d{2}-\d{2}\.csv"$/);
    const { rows } = await records(res);
    expect(rows.map((r) => r.email).sort()).toEqual(["comma@test.example", "formula@test.example", "quotes@test.example", "unicode@test.example"]);
    expect(rows.every((r) => r.clientId === String(exportClientId))).toBe(true);
    expect(rows.some((r) => (r.email ?? "").endsWith("hartwell-holdings.example"))).toBe(false);
  });

  it("adds the deleted director with includeDeleted=true", async () => {
    const { rows } = await records(await perClient(exportClientId, "?includeDeleted=true"));
    expect(rows.map((r) => r.email)).toContain(deletedDirectorEmail);
  });

  it("exports the demo company's directors, and another client's are not there", async () => {
    const db = await getDb();
    const hartwell = await demoClient("HWH7K2QP");
    const { rows } = await records(await perClient(hartwell.id));
    expect(rows.map((r) => r.reference).sort()).toEqual(["EC3J7HYD", "JW4T8KQM", "MR5W9KTB", "PS6N3VXA", "ST2F6PNG", "TH8R2MWE"]);
    const others = await db.select({ reference: directors.reference }).from(directors).where(and(eq(directors.clientId, exportClientId)));
    for (const o of others) expect(rows.map((r) => r.reference)).not.toContain(o.reference);
  });

  it("answers 404 for an unknown or malformed client id, 400 for a bad query, 401/403 for others", async () => {
    expect((await perClient(999_999)).status).toBe(404);
    expect((await perClient("abc")).status).toBe(404);
    expect((await perClient("0")).status).toBe(404);
    expect((await perClient(exportClientId, "?includeDeleted=1")).status).toBe(400);
    expect((await perClient(exportClientId, "", anonymous)).status).toBe(401);
    expect((await perClient(exportClientId, "", asContact())).status).toBe(403);
  });
});

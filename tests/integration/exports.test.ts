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
    // Headers in words, in the columns' order; statuses and tiers by label, yes/no in words, times said to be UTC.
    expect(header.slice(0, 7)).toEqual(["Individual ID", "Client ID", "Company name", "Client reference", "Sage customer ID", "Service", "Full name"]);
    expect(header).toEqual(expect.arrayContaining(["Status", "Personal code", "Created (UTC)", "Price override before VAT (£)", "Deleted"]));
    for (const h of header) expect(h).not.toMatch(/^[a-z]+[A-Z]/); // no camelCase field names
    const james = rows.find((r) => r.Email === "james.whitaker@hartwell-holdings.example")!;
    expect(james).toMatchObject({ "Full name": "James Whitaker", "Individual reference": "JW4T8KQM", Status: "Waiting for details and identity check", "Company name": "Hartwell Holdings Ltd", "Client reference": "HWH7K2QP", "Sage customer ID": "HART001", Service: "Group managed solution", Deleted: "No", "Opened the identity check link": "No" });
    expect(james["Created (UTC)"]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("neutralises formulas and quotes commas, quotes and newlines, keeping unicode", async () => {
    const { rows, text } = await records(await directorExport(req("/api/admin/export/director")));
    const mine = rows.filter((r) => r["Client ID"] === String(exportClientId));
    const byEmail = Object.fromEntries(mine.map((r) => [r.Email, r]));
    expect(byEmail["formula@test.example"]!["Full name"]).toBe(`'${TRICKY.formula}`);
    expect(byEmail["formula@test.example"]!["Company name"]).toBe(`'=HYPERLINK("http://evil.example","Click"), "Exports" Ltd`);
    expect(byEmail["comma@test.example"]!["Full name"]).toBe(TRICKY.comma);
    // A spreadsheet that splits on ";" would run the second part: it is neutralised too.
    expect(byEmail["comma@test.example"]!["Former names"]).toBe("Old Name; '=Older");
    expect(byEmail["quotes@test.example"]!["Full name"]).toBe(TRICKY.quotes);
    expect(byEmail["quotes@test.example"]!["Address line 1"]).toBe(TRICKY.newline);
    expect(byEmail["unicode@test.example"]!["Full name"]).toBe(TRICKY.unicode);
    expect(byEmail["unicode@test.example"]!["Price override before VAT (£)"]).toBe("-1.00"); // pounds, a value, not a formula
    expect(byEmail["formula@test.example"]!["Price override before VAT (£)"]).toBe("");
    expect(byEmail["unicode@test.example"]!["Reason for price override"]).toBe("'-10% agreed");
    // On the wire: every field quoted, quotes doubled (RFC 4180).
    expect(text).toContain(`,"'=cmd|' /C calc'!A0",`);
    expect(text).toContain(`"Old Name; '=Older"`);
    expect(text.slice(0, text.indexOf("\r\n"))).toMatch(/^"Individual ID","Client ID","Company name",/);
    expect(text).toContain('"Jo ""JJ"" Jones"');
    expect(text).toContain('"Line one\nLine two"');
    expect(text).toContain('"Smith, John"');
  });

  it("never exports session tokens, session URLs or payment secrets", async () => {
    const { header, text } = await records(await directorExport(req("/api/admin/export/director?includeDeleted=true")));
    expect(header.filter((h) => /token|url/i.test(h))).toEqual([]);
    expect(text).not.toContain("tok_must_not_leak_1");
    const db = await getDb();
    const tokens = await db.select({ t: directors.sessionToken }).from(directors).where(isNotNull(directors.sessionToken));
    expect(tokens.length).toBeGreaterThan(1);
    for (const { t } of tokens) expect(text).not.toContain(t!);
  });

  it("leaves deleted directors out unless includeDeleted=true", async () => {
    const without = await records(await directorExport(req("/api/admin/export/director")));
    expect(without.rows.some((r) => r.Email === deletedDirectorEmail)).toBe(false);
    expect(without.rows.some((r) => r.Email === "mark.ellis@hartwell-holdings.example")).toBe(false);
    expect(without.rows.every((r) => r.Deleted === "No")).toBe(true);
    const withDeleted = await records(await directorExport(req("/api/admin/export/director?includeDeleted=true")));
    expect(withDeleted.rows.find((r) => r.Email === deletedDirectorEmail)).toMatchObject({ Deleted: "Yes", "Reason for deleting": "Resigned before starting." });
    expect(withDeleted.rows.length).toBe(without.rows.length + (withDeleted.rows.filter((r) => r.Deleted === "Yes").length));
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
    expect(rows.map((r) => Number(r["Individual ID"]))).toEqual(all.map((d) => d.id));
  });
});

describe("GET /api/admin/export/client", () => {
  it("exports every client's non-secret fields with a dated file name", async () => {
    const res = await clientExport(req("/api/admin/export/client"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"$/);
    const { header, rows, text } = await records(res);
    expect(header.filter((h) => /secret/i.test(h))).toEqual([]);
    expect(text).not.toContain("cs_test_secret_must_not_leak");
    expect(text).not.toContain("_secret_demo");
    // Headers in words, in the columns' order: the first ones, and a selection of the others.
    expect(header.slice(0, 4)).toEqual(["Client ID", "Company name", "Client reference", "Sage customer ID"]);
    expect(header).toEqual(expect.arrayContaining(["Status", "Service", "Payment journey", "Owner", "Individuals", "Main contact email", "Price per individual before VAT (£)", "Billing postcode", "Card payment session ID", "Paid on (UTC)", "Deleted"]));
    for (const h of header) expect(h).not.toMatch(/^[a-z]+[A-Z]/); // no camelCase field names
    const hartwell = rows.find((r) => r["Client reference"] === "HWH7K2QP")!;
    expect(hartwell).toMatchObject({ "Company name": "Hartwell Holdings Ltd", "Sage customer ID": "HART001", Service: "Group managed solution", Status: "In progress", Individuals: "6", "Price per individual before VAT (£)": "55.00", Deleted: "No" });
    expect(hartwell["Payment journey"]).not.toMatch(/^(PayByCard|PayByInvoice|Existing)$/);
    const mine = rows.find((r) => r["Client reference"] === "EXPT3STA")!;
    expect(mine["Company name"]).toBe(`'=HYPERLINK("http://evil.example","Click"), "Exports" Ltd`);
    expect(mine.Notes).toBe("Multi-line\nnotes, with commas");
    expect(mine.Individuals).toBe("4");
  });

  it("leaves deleted clients out unless includeDeleted=true", async () => {
    const db = await getDb();
    await insertClientWithDirectors(db, {
      client: { name: "Gone Ltd", reference: "GONE2222", mainContactEmail: "gone@test.example", productTier: "OneOff", journey: "PayByCard", isDeleted: true, deleteReason: "Duplicate." },
      directors: [{ name: "Director Of Gone", email: "gone.director@test.example", reference: "GONED222" }],
    });
    const without = await records(await clientExport(req("/api/admin/export/client")));
    expect(without.rows.some((r) => r["Client reference"] === "GONE2222")).toBe(false);
    const withDeleted = await records(await clientExport(req("/api/admin/export/client?includeDeleted=true")));
    expect(withDeleted.rows.find((r) => r["Client reference"] === "GONE2222")).toMatchObject({ Deleted: "Yes", "Reason for deleting": "Duplicate.", Service: "One-off solution", "Payment journey": "Pay by card" });
    // Directors of a deleted client are left out of the full director export too.
    const directorsCsv = await records(await directorExport(req("/api/admin/export/director")));
    expect(directorsCsv.rows.some((r) => r.Email === "gone.director@test.example")).toBe(false);
  });
});

describe("GET /api/admin/director-verification/clients/{id}/directors-export", () => {
  it("exports that client's directors only, named after the client", async () => {
    const res = await perClient(exportClientId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="EXPT3STA-individuals-\d{4}-\d{2}-\d{2}\.csv"$/);
    const { rows } = await records(res);
    expect(rows.map((r) => r.Email).sort()).toEqual(["comma@test.example", "formula@test.example", "quotes@test.example", "unicode@test.example"]);
    expect(rows.every((r) => r["Client ID"] === String(exportClientId))).toBe(true);
    expect(rows.some((r) => (r.Email ?? "").endsWith("hartwell-holdings.example"))).toBe(false);
  });

  it("adds the deleted director with includeDeleted=true", async () => {
    const { rows } = await records(await perClient(exportClientId, "?includeDeleted=true"));
    expect(rows.map((r) => r.Email)).toContain(deletedDirectorEmail);
  });

  it("exports the demo company's directors, and another client's are not there", async () => {
    const db = await getDb();
    const hartwell = await demoClient("HWH7K2QP");
    const { rows } = await records(await perClient(hartwell.id));
    expect(rows.map((r) => r["Individual reference"]).sort()).toEqual(["EC3J7HYD", "JW4T8KQM", "MR5W9KTB", "PS6N3VXA", "ST2F6PNG", "TH8R2MWE"]);
    const others = await db.select({ reference: directors.reference }).from(directors).where(and(eq(directors.clientId, exportClientId)));
    for (const o of others) expect(rows.map((r) => r["Individual reference"])).not.toContain(o.reference);
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

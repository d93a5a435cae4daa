// Existing customers: POST /api/lwdb-record (bot check, rate limit, match on code and name, only
// the prefill fields) and loading the table from the provider's CSV export.
import { eq, like, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { lwdbRecords, rateLimits } from "@/db/schema";
import { demoLwdbRecords } from "@/db/seed/lwdb-demo";
import { POST as lwdbRecord } from "@/app/api/lwdb-record/route";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { importLwdbCsv, parseLwdbCsv } from "@/lib/integrations/lwdb/import-csv";
import { lwdbLookupLimits } from "@/lib/server/lwdb/find-lwdb-record";
import { human, jsonRequest } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";

setupTestDb();

const ashcombe = demoLwdbRecords[0]!;
let n = 0;
const freshIp = () => `198.18.9.${++n}`;

function lookUp(params: Record<string, string>, body: unknown = human, ip = freshIp()) {
  return lwdbRecord(jsonRequest(`/api/lwdb-record?${new URLSearchParams(params)}`, body, { headers: { [CLIENT_ADDRESS_HEADER]: ip } }));
}

describe("POST /api/lwdb-record", () => {
  it("answers the record whose code and company name match, whatever their case and spacing, with the prefill fields only", async () => {
    const res = await lookUp({ name: "  ashcombe   ENGINEERING ltd ", customerCode: "lw100245" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    // Exactly the stored prefill fields: no import time, sign-in reference or price.
    expect(body).toEqual({ ...ashcombe, journey: "Existing" });
  });

  it("answers 404 with a clear message for an unknown code, or a known code with another company's name", async () => {
    for (const params of [
      { name: ashcombe.name, customerCode: "LW999999" },
      { name: "Penrose Charitable Trust", customerCode: ashcombe.customerCode },
    ]) {
      const res = await lookUp(params);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "not_found", message: expect.stringContaining("could not find your company's existing account") });
    }
  });

  it("demands the bot check: no token, test-fail or another form's action get 400 and count nothing", async () => {
    const ip = freshIp();
    for (const body of [{}, { captchaToken: "test-fail" }]) {
      const res = await lookUp({ name: ashcombe.name, customerCode: ashcombe.customerCode }, body, ip);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe("Verification failed. Please try again.");
    }
    const db = await getDb();
    expect(await db.select().from(rateLimits).where(like(rateLimits.key, `%${ip}`))).toEqual([]);
  });

  it("answers 400 naming the fields when name or customerCode is missing", async () => {
    const res = await lookUp({ name: "" });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ name: ["required"], customerCode: ["required"] });
  });

  it(`lets ${lwdbLookupLimits.perIp} look-ups from one address through in a window, found or not; then 429 with Retry-After`, async () => {
    const ip = freshIp();
    for (let i = 0; i < lwdbLookupLimits.perIp; i++) {
      const res = await lookUp({ name: ashcombe.name, customerCode: i % 2 ? ashcombe.customerCode : `GUESS${i}` }, human, ip);
      expect(res.status).toBe(i % 2 ? 200 : 404);
    }
    const limited = await lookUp({ name: ashcombe.name, customerCode: ashcombe.customerCode }, human, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await lookUp({ name: ashcombe.name, customerCode: ashcombe.customerCode })).status).toBe(200);
  });
});

describe("loading existing customers from the provider's export", () => {
  const header = "\uFEFFCustomerCode;name;MAINCONTACTEMAIL;productTier;vatExempt;billingAddressCountry;reference;colour";

  afterAll(async () => {
    await (await getDb()).delete(lwdbRecords).where(like(lwdbRecords.customerCode, "IT-%"));
  });

  it("reads Excel's dialect (BOM, semicolons, CRLF, quotes), any column case, and ignores record fields it does not keep", () => {
    const csv = `${header}\r\nit-1;"Quoted; Name Ltd";A@Example.com;OneOff;yes;gb;REF123;blue\r\n\r\n`;
    const { rows, problems, unknownColumns } = parseLwdbCsv(csv);
    expect(problems).toEqual([]);
    expect(unknownColumns).toEqual(["colour"]);
    expect(rows).toEqual([expect.objectContaining({ customerCode: "IT-1", name: "Quoted; Name Ltd", mainContactEmail: "a@example.com", productTier: "OneOff", vatExempt: true, billingAddressCountry: "GB", companyId: null })]);
  });

  it("lists every bad row with its line and field, and stores nothing", async () => {
    const csv = [
      "customerCode,name,mainContactEmail,productTier,billingAddressCountry",
      "IT-2,Good Ltd,good@example.com,Managed,GB",
      "IT-3,,not-an-email,Gold,United Kingdom",
      "it-2,Twice Ltd,twice@example.com,,",
    ].join("\n");
    const result = await importLwdbCsv(await getDb(), csv);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      { line: 3, field: "name", message: "required" },
      { line: 3, field: "mainContactEmail", message: "not an email address" },
      { line: 3, field: "productTier", message: "one of Managed, OneOff" },
      { line: 3, field: "billingAddressCountry", message: "a two-letter country code (e.g. GB)" },
      { line: 4, field: "customerCode", message: "IT-2 is also on line 2" },
    ]);
    expect(await (await getDb()).select().from(lwdbRecords).where(eq(lwdbRecords.customerCode, "IT-2"))).toEqual([]);
  });

  it("refuses a file without the required columns", () => {
    expect(parseLwdbCsv("code,name\nX,Y\n").problems).toEqual([
      { line: 1, field: "customerCode", message: "the column customerCode is missing" },
      { line: 1, field: "mainContactEmail", message: "the column mainContactEmail is missing" },
    ]);
  });

  it("inserts new codes and replaces known ones; the lookup then answers the new values", async () => {
    const db = await getDb();
    expect(await importLwdbCsv(db, "customerCode,name,mainContactEmail\nIT-4,Fourth Ltd,old@example.com\n")).toMatchObject({ ok: true, rows: 1 });
    expect(await importLwdbCsv(db, "customerCode,name,mainContactEmail,vatNumber\nIT-4,Fourth Ltd,new@example.com,GB999\nIT-5,Fifth Ltd,five@example.com,\n")).toMatchObject({ ok: true, rows: 2 });
    const res = await lookUp({ name: "Fourth Ltd", customerCode: "it-4" });
    expect(await res.json()).toMatchObject({ mainContactEmail: "new@example.com", vatNumber: "GB999", vatExempt: false });
    const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(lwdbRecords).where(like(lwdbRecords.customerCode, "IT-%"))) as [{ count: number }];
    expect(count).toBe(2);
  });
});

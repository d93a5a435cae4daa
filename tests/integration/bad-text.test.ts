import { sql } from "drizzle-orm";
import { getDb } from "@/db";
import { enquiries } from "@/db/schema";
import { GET as auditGet } from "@/app/api/admin/audit/route";
import { POST as search } from "@/app/api/admin/director-verification/clients/search/route";
import { POST as newEnquiry } from "@/app/api/new-enquiry/route";
import { POST as sendLink } from "@/app/api/send-link/route";
import { apiRequest, human, jsonRequest } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";
import { asAdmin } from "./support/test-users";

setupTestDb({ env: { SEND_LINK_MIN_MS: "0" } });

/*
 * Text PostgreSQL cannot store (NUL, lone surrogates) and line breaks in single-line fields are a
 * 400 naming the field with `invalidCharacters`, never a 500 and never a stored row.
 */

const NUL = "a\u0000b";
const LONE = "a\ud800b";
const CRLF = "Bob\r\nEmail address: evil@example.com";

async function expectInvalid(res: Response, field: string) {
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(body.error).toBe("bad_request");
  expect(body.fields[field]).toContain("invalidCharacters");
}

async function enquiryCount() {
  const [row] = await (await getDb()).select({ count: sql<number>`count(*)::int` }).from(enquiries);
  return row!.count;
}

const enquiry = { ...human, name: "Priya Shah", email: "priya@example.com", description: "Hello" };

describe("POST /api/new-enquiry", () => {
  it.each([
    ["name", CRLF],
    ["name", "Bob\nEve"],
    ["name", NUL],
    ["name", LONE],
    ["email", "priya@example.com\u0000"],
    ["description", NUL],
    ["description", LONE],
  ])("refuses %s %j with invalidCharacters and stores nothing", async (field, value) => {
    const before = await enquiryCount();
    await expectInvalid(await newEnquiry(jsonRequest("/api/new-enquiry", { ...enquiry, [field]: value })), field);
    expect(await enquiryCount()).toBe(before);
  });

  it("keeps line breaks in the description", async () => {
    expect((await newEnquiry(jsonRequest("/api/new-enquiry", { ...enquiry, description: "Line one\r\nLine two" }))).status).toBe(201);
  });
});

describe("POST /api/send-link", () => {
  it.each([
    ["email", "olivia.bennett@hartwell-holdings.example\u0000"],
    ["reference", "HWH7K2QP\r\n"],
    ["reference", `HWH7${"\ud800"}K2QP`],
  ])("refuses %s %j with invalidCharacters", async (field, value) => {
    const body = { ...human, email: "olivia.bennett@hartwell-holdings.example", reference: "HWH7K2QP", [field]: value };
    await expectInvalid(await sendLink(jsonRequest("/api/send-link", body)), field);
  });
});

describe("POST /api/admin/director-verification/clients/search", () => {
  it.each([
    ["globalSearch", { globalSearch: NUL }],
    ["globalSearch", { globalSearch: LONE }],
    ["globalSearch", { globalSearch: "Hartwell\nHoldings" }],
    ["filters.name", { filters: { name: NUL } }],
    ["filters.individual", { filters: { individual: LONE } }],
    ["filters.mainContact", { filters: { mainContact: "x\u007f" } }],
  ])("refuses %s with invalidCharacters (400, not a database error)", async (field, body) => {
    await expectInvalid(await search(jsonRequest("/api/admin/director-verification/clients/search", body, { headers: asAdmin() })), field);
  });

  it("still finds ordinary text", async () => {
    const res = await search(jsonRequest("/api/admin/director-verification/clients/search", { globalSearch: "Hartwell" }, { headers: asAdmin() }));
    expect(res.status).toBe(200);
  });
});

describe("GET /api/admin/audit", () => {
  it("refuses NUL in entityId with invalidCharacters", async () => {
    await expectInvalid(await auditGet(apiRequest("/api/admin/audit?entityId=a%00b", { headers: asAdmin() }), { params: Promise.resolve({}) }), "entityId");
  });
});

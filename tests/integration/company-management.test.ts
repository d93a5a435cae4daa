import { desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { rowsOf } from "@/db/client";
import { auditEntries, clients, directorAdditions, directors, sessions, type Client, type NewClient } from "@/db/schema";
import { GET as getCompanyRoute, PATCH as patchCompanyRoute } from "@/app/api/director-verification/company/route";
import { PATCH as patchDirectorsRoute } from "@/app/api/director-verification/directors/route";
import { GET as exportRoute } from "@/app/api/director-verification/company/directors-export/route";
import { getJobQueue } from "@/lib/jobs/queue";
import { insertClientWithDirectors, insertSession } from "../support/factories";
import { parseCsv } from "../support/parse-csv";
import { apiRequest } from "./support/requests";
import { asContact, asDirector } from "./support/test-users";
import { setupTestDb } from "./support/setup-test-db";

setupTestDb({ seed: false });

type Headers = Record<string, string>;
const patchRequest = (path: string, body: unknown, headers: Headers) => apiRequest(path, { method: "PATCH", contentType: "application/json-patch+json", headers, body });
const api = {
  company: (headers: Headers) => getCompanyRoute(apiRequest("/api/director-verification/company", { headers })),
  patchCompany: (body: unknown, headers: Headers) => patchCompanyRoute(patchRequest("/api/director-verification/company", body, headers)),
  patchDirectors: (body: unknown, headers: Headers) => patchDirectorsRoute(patchRequest("/api/director-verification/directors", body, headers)),
  export: (headers: Headers) => exportRoute(apiRequest("/api/director-verification/company/directors-export", { headers })),
};

async function company(overrides: Partial<NewClient> = {}, count = 3) {
  const made = await insertClientWithDirectors(await getDb(), { client: { status: "InProgress", billingAddressCity: "Leeds", ...overrides }, directors: count });
  return { ...made, as: asContact(made.client) };
}
async function clientRow(id: number) {
  const [row] = await (await getDb()).select().from(clients).where(eq(clients.id, id));
  return row!;
}
async function directorsOf(clientId: number) {
  return (await getDb()).select().from(directors).where(eq(directors.clientId, clientId)).orderBy(directors.id);
}
async function auditsOf(clientId: number) {
  return (await getDb()).select().from(auditEntries).where(eq(auditEntries.clientId, clientId)).orderBy(desc(auditEntries.id));
}
/** pg-boss jobs (name, key) whose singleton key starts with `prefix`. */
async function jobs(prefix: string) {
  await getJobQueue();
  const rows = await (await getDb()).execute(sql`select name, singleton_key as key, data from pgboss.job where singleton_key like ${`${prefix}%`} order by created_on`);
  return rowsOf<{ name: string; key: string; data: Record<string, unknown> }>(rows);
}
/** Everything about a client that a refused patch must leave as it was. */
async function snapshot(client: Client) {
  return { client: await clientRow(client.id), directors: await directorsOf(client.id), audits: (await auditsOf(client.id)).length };
}

describe("GET /api/director-verification/company", () => {
  it("answers the contact's own company with statusStats, never the payment secret or staff notes", async () => {
    const db = await getDb();
    const { client, directors: ds, as } = await company({ paymentSessionSecret: "secret-never-shown", notes: "staff only" });
    await db.update(directors).set({ status: "Complete" }).where(eq(directors.id, ds[0]!.id));
    const res = await api.company(as);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id: client.id, directorCount: 3 });
    expect(body.statusStats).toEqual([
      { value: "AwaitingIDInfo", label: "Waiting for details and identity check", count: 2 },
      { value: "Complete", label: "Complete", count: 1 },
    ]);
    expect(JSON.stringify(body)).not.toContain("secret-never-shown");
    expect(JSON.stringify(body)).not.toContain("staff only");
  });

  it("is for company contacts only: a director gets 403, nobody signed in 401", async () => {
    const { directors: ds } = await company();
    expect((await api.company(asDirector(ds[0]!))).status).toBe(403);
    expect((await api.company({})).status).toBe(401);
  });
});

describe("PATCH /api/director-verification/company", () => {
  it("changes contact and billing fields, one ClientModified entry per changed field", async () => {
    const { client, as } = await company();
    const res = await api.patchCompany(
      [
        { op: "replace", path: "/billingAddressLine1", value: "1 New Street" },
        { op: "replace", path: "/billingAddressCity", value: "York" },
        { op: "replace", path: "/mainContactTelephone", value: "+44 113 496 0000" },
      ],
      as,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(await clientRow(client.id)).toMatchObject({ billingAddressLine1: "1 New Street", billingAddressCity: "York", mainContactTelephone: "+44 113 496 0000", updatedBy: client.mainContactEmail });
    const audits = (await auditsOf(client.id)).filter((a) => a.auditType === "ClientModified");
    expect(audits.map((a) => a.action).sort()).toEqual(["Changed billingAddressCity", "Changed billingAddressLine1", "Changed mainContactTelephone"]);
    expect(audits.find((a) => a.action === "Changed billingAddressCity")).toMatchObject({ oldValue: { billingAddressCity: "Leeds" }, newValue: { billingAddressCity: "York" }, user: client.mainContactEmail });
  });

  it.each([
    ["status", "Completed"],
    ["unitPrice", 1],
    ["paid", true],
    ["vatExempt", true],
    ["sageInvoiceNumber", "SI-1"],
    ["name", "Renamed Ltd"],
    ["mainContactEmail", "someone@else.example"],
    ["owner", "admin@portal.example"],
    ["__proto__", {}],
  ])("a path outside the contact allow-list (/%s) is a 400 and changes nothing, even beside valid operations", async (field, value) => {
    const { client, as } = await company();
    const before = await snapshot(client);
    const res = await api.patchCompany(
      [
        { op: "replace", path: "/billingAddressCity", value: "York" },
        { op: "replace", path: `/${field}`, value },
      ],
      as,
    );
    expect(res.status).toBe(400);
    expect(await snapshot(client)).toEqual(before);
  });
});

describe("PATCH /api/director-verification/company: required fields stay required", () => {
  const billing = {
    billingEntityName: "Hartwell Holdings Ltd",
    billingAddressLine1: "1 Park Row",
    billingAddressCountry: "GB",
    accountPayableContactEmail: "accounts@hartwell.example",
  } satisfies Partial<NewClient>;
  const required = [
    ["billingEntityName", "billingEntityNameRequired"],
    ["billingAddressLine1", "billingAddressLine1Required"],
    ["billingAddressCity", "billingAddressCityRequired"],
    ["billingAddressCountry", "billingAddressCountryRequired"],
    ["accountPayableContactEmail", "accountPayableContactEmailRequired"],
  ] as const;

  it.each(required.flatMap(([field, key]) => [
    [field, "blank", { op: "replace", path: `/${field}`, value: "" }, key],
    [field, "spaces", { op: "replace", path: `/${field}`, value: "   " }, key],
    [field, "null", { op: "replace", path: `/${field}`, value: null }, key],
    [field, "remove", { op: "remove", path: `/${field}` }, "notRemovable"],
  ] as const))("/%s cannot be cleared (%s): 400 naming the field, nothing changed", async (field, _how, operation, key) => {
    const { client, as } = await company(billing);
    const before = await snapshot(client);
    const res = await api.patchCompany([{ op: "replace", path: "/mainContactTelephone", value: "0113 496 0000" }, operation], as);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ error: "bad_request", fields: { [field]: [key] } });
    expect(Object.keys(body.fields)).toEqual([field]);
    expect(await snapshot(client)).toEqual(before);
  });

  it("the messages say what to enter", async () => {
    const { as } = await company(billing);
    const res = await api.patchCompany([{ op: "replace", path: "/billingEntityName", value: "" }], as);
    const body = await res.json();
    expect(body.fields).toEqual({ billingEntityName: ["billingEntityNameRequired"] });
    const messages = (await import("@/messages/en-GB.json")).default as { validation: Record<string, string>; clientDetail: { validation: Record<string, string> } };
    for (const [, key] of required) expect(messages.validation[key]).toMatch(/^(Enter|Choose) /);
    expect(messages.clientDetail.validation.notRemovable).toBeTruthy();
  });

  it("the optional fields beside them can still be cleared, and the required ones changed", async () => {
    const { client, as } = await company({ ...billing, billingAddressLine2: "Floor 2", vatNumber: "GB123456789" });
    const res = await api.patchCompany(
      [
        { op: "remove", path: "/billingAddressLine2" },
        { op: "replace", path: "/vatNumber", value: "" },
        { op: "replace", path: "/billingEntityName", value: "  Hartwell Group Ltd " },
        { op: "replace", path: "/billingAddressCountry", value: "ie" },
      ],
      as,
    );
    expect(res.status).toBe(200);
    expect(await clientRow(client.id)).toMatchObject({ billingAddressLine2: null, vatNumber: null, billingEntityName: "Hartwell Group Ltd", billingAddressCountry: "IE" });
  });
});

describe("PATCH /api/director-verification/directors", () => {
  it("another company's director ids are a 404, and nothing of either company changes", async () => {
    const own = await company();
    const other = await company();
    const ownBefore = await snapshot(own.client);
    const otherBefore = await snapshot(other.client);
    for (const body of [
      [{ op: "replace", path: `/${other.directors[0]!.id}/name`, value: "Hijacked" }],
      [
        { op: "replace", path: `/${own.directors[0]!.id}/name`, value: "Own change" },
        { op: "replace", path: `/${other.directors[1]!.id}/isDeleted`, value: true },
        { op: "replace", path: `/${other.directors[1]!.id}/deleteReason`, value: "Not mine to remove" },
      ],
      [
        { op: "add", path: "/-", value: { name: "New Person", email: "new.person@example.co.uk" } },
        { op: "replace", path: `/${other.directors[2]!.id}/email`, value: "x@example.co.uk" },
      ],
    ]) {
      const res = await api.patchDirectors(body, own.as);
      expect(res.status).toBe(404);
    }
    expect(await snapshot(own.client)).toEqual(ownBefore);
    expect(await snapshot(other.client)).toEqual(otherBefore);
  });

  it("an id that was removed already is a 404 too", async () => {
    const { client, directors: ds, as } = await company();
    await (await getDb()).update(directors).set({ isDeleted: true, deleteReason: "gone" }).where(eq(directors.id, ds[0]!.id));
    const before = await snapshot(client);
    expect((await api.patchDirectors([{ op: "replace", path: `/${ds[0]!.id}/name`, value: "Back" }], as)).status).toBe(404);
    expect(await snapshot(client)).toEqual(before);
  });

  it("paths and operations outside the allow-list are a 400 that changes nothing", async () => {
    const { client, directors: ds, as } = await company();
    const id = ds[0]!.id;
    const before = await snapshot(client);
    const bodies: unknown[] = [
      [{ op: "replace", path: `/${id}/status`, value: "Complete" }],
      [{ op: "replace", path: `/${id}/priceOverride`, value: 0 }],
      [{ op: "replace", path: `/${id}/reference`, value: "ABCDEFGH" }],
      [{ op: "replace", path: `/${id}/companiesHouseCode`, value: "ABCDEFGHJKL" }],
      [{ op: "remove", path: `/${id}` }],
      [{ op: "add", path: "/0", value: { name: "A", email: "a@example.co.uk" } }],
      [{ op: "replace", path: "/-", value: { name: "A", email: "a@example.co.uk" } }],
      [{ op: "replace", path: `/${id}/__proto__`, value: {} }],
      [{ op: "replace", path: `/${id}/name/first`, value: "A" }],
      [{ op: "move", from: `/${id}/name`, path: `/${id}/email` }],
      [{ op: "replace", path: `/${id}/isDeleted`, value: true }],
      [{ op: "replace", path: `/${id}/deleteReason`, value: "No removal with it" }],
      [{ op: "replace", path: `/${id}/isDeleted`, value: false }],
      [{ op: "replace", path: `/${id}/email`, value: "not an email" }],
      [{ op: "add", path: "/-", value: { name: "", email: "a@example.co.uk" } }],
      [
        { op: "replace", path: `/${id}/name`, value: "Fine" },
        { op: "replace", path: "/clientId", value: 1 },
      ],
      { op: "replace", path: `/${id}/name`, value: "Not a list" },
    ];
    for (const body of bodies) {
      const res = await api.patchDirectors(body, as);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    expect(await snapshot(client)).toEqual(before);
  });

  it("adds an individual: DirectorCreated, their invitation job, and a batch billed under the existing arrangement", async () => {
    const { client, as } = await company({ journey: "Existing", customerCode: "LW1" });
    const res = await api.patchDirectors([{ op: "add", path: "/-", value: { name: "  Nadia Price ", email: "Nadia.Price@Example.co.uk" } }], as);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id: client.id, directorCount: 4 });
    expect(body.checkoutUrl).toBeUndefined();
    const added = (await directorsOf(client.id)).at(-1)!;
    expect(added).toMatchObject({ name: "Nadia Price", email: "nadia.price@example.co.uk", status: "AwaitingIDInfo", createdBy: client.mainContactEmail });
    expect(added.reference).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect((await auditsOf(client.id)).filter((a) => a.auditType === "DirectorCreated")).toEqual([expect.objectContaining({ directorId: added.id, newValue: { name: "Nadia Price", email: "nadia.price@example.co.uk" } })]);
    expect(await jobs(`invitation:${added.id}`)).toEqual([expect.objectContaining({ name: "invitation.send", key: `invitation:${added.id}` })]);
    const [batch] = await (await getDb()).select().from(directorAdditions).where(eq(directorAdditions.clientId, client.id));
    expect(batch).toMatchObject({ journey: "Existing", directorIds: [added.id], individuals: 1, unitPrice: 6500, fullPrice: 6500, vat: 1300, amountDue: 7800 });
    expect((await clientRow(client.id)).fullPrice).toBe(4 * 6500);
  });

  it("a duplicate email (any case) among the company's live individuals is a 400", async () => {
    const { client, directors: ds, as } = await company();
    const before = await snapshot(client);
    const res = await api.patchDirectors([{ op: "add", path: "/-", value: { name: "Twin", email: ds[0]!.email.toUpperCase() } }], as);
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ "add.0.email": ["duplicateEmail"] });
    expect(await snapshot(client)).toEqual(before);
  });

  it("renames and corrects an email: audited per field; a signed-in individual's new email waits for their confirmation", async () => {
    const db = await getDb();
    const { client, directors: ds, as } = await company();
    const d = ds[1]!;
    const session = await insertSession(db, { userType: "DV_Director", directorId: d.id, email: d.email });
    const res = await api.patchDirectors(
      [
        { op: "replace", path: `/${d.id}/name`, value: "Renamed Person" },
        { op: "replace", path: `/${d.id}/email`, value: "renamed@example.co.uk" },
      ],
      as,
    );
    expect(res.status).toBe(200);
    expect((await directorsOf(client.id)).find((x) => x.id === d.id)).toMatchObject({ name: "Renamed Person", email: d.email, pendingEmail: "renamed@example.co.uk" });
    const audits = (await auditsOf(client.id)).filter((a) => a.auditType === "DirectorModified");
    expect(audits.map((a) => [a.action, a.oldValue, a.newValue]).sort()).toEqual([
      ["Changed name", { name: d.name }, { name: "Renamed Person" }],
      ["Email change requested: waiting for the individual's confirmation", { email: d.email }, { pendingEmail: "renamed@example.co.uk" }],
    ]);
    // Until they confirm (tests/integration/individual-protection.test.ts), their sign-in is theirs.
    const [kept] = await db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(kept!.revokedAt).toBeNull();
    expect(await jobs(`invitation:${d.id}:email-`)).toEqual([]);
  });

  it("corrects the email of an individual who has not signed in yet: changed at once and invited again", async () => {
    const { client, directors: ds, as } = await company();
    const d = ds[1]!;
    expect((await api.patchDirectors([{ op: "replace", path: `/${d.id}/email`, value: "corrected@example.co.uk" }], as)).status).toBe(200);
    expect((await directorsOf(client.id)).find((x) => x.id === d.id)).toMatchObject({ email: "corrected@example.co.uk" });
    expect(await jobs(`invitation:${d.id}:email-`)).toEqual([expect.objectContaining({ name: "invitation.send", data: { directorId: d.id } })]);
  });

  it("a rename alone neither ends sessions nor re-invites", async () => {
    const db = await getDb();
    const { directors: ds, as } = await company();
    const d = ds[0]!;
    const session = await insertSession(db, { userType: "DV_Director", directorId: d.id, email: d.email });
    expect((await api.patchDirectors([{ op: "replace", path: `/${d.id}/name`, value: "Only The Name" }], as)).status).toBe(200);
    const [row] = await db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row!.revokedAt).toBeNull();
    expect(await jobs(`invitation:${d.id}:`)).toEqual([]);
  });

  it("removes with a reason: soft delete, DirectorDeleted, sessions ended, the price recomputed", async () => {
    const db = await getDb();
    const { client, directors: ds, as } = await company();
    const d = ds[2]!;
    const session = await insertSession(db, { userType: "DV_Director", directorId: d.id, email: d.email });
    const res = await api.patchDirectors(
      [
        { op: "replace", path: `/${d.id}/isDeleted`, value: true },
        { op: "replace", path: `/${d.id}/deleteReason`, value: "Resigned as a director" },
      ],
      as,
    );
    expect(res.status).toBe(200);
    expect((await res.json()).directors.map((x: { id: number }) => x.id)).not.toContain(d.id);
    expect((await directorsOf(client.id)).find((x) => x.id === d.id)).toMatchObject({ isDeleted: true, deleteReason: "Resigned as a director", deletedBy: client.mainContactEmail });
    expect((await auditsOf(client.id)).filter((a) => a.auditType === "DirectorDeleted")).toEqual([expect.objectContaining({ directorId: d.id, newValue: { isDeleted: true, deleteReason: "Resigned as a director" } })]);
    const [row] = await db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row!.revokedAt).not.toBeNull();
    expect((await clientRow(client.id)).fullPrice).toBe(2 * 6500);
  });

  it("OneOff: a second individual is refused (400), but replacing the one by another is not", async () => {
    const { client, directors: ds, as } = await company({ productTier: "OneOff" }, 1);
    const before = await snapshot(client);
    const refused = await api.patchDirectors([{ op: "add", path: "/-", value: { name: "Second", email: "second@example.co.uk" } }], as);
    expect(refused.status).toBe(400);
    expect((await refused.json()).fields).toEqual({ add: ["oneOffSingle"] });
    expect(await snapshot(client)).toEqual(before);

    const swapped = await api.patchDirectors(
      [
        { op: "replace", path: `/${ds[0]!.id}/isDeleted`, value: true },
        { op: "replace", path: `/${ds[0]!.id}/deleteReason`, value: "Wrong person entered" },
        { op: "add", path: "/-", value: { name: "Right Person", email: "right.person@example.co.uk" } },
      ],
      as,
    );
    expect(swapped.status).toBe(200);
    expect((await directorsOf(client.id)).filter((d) => !d.isDeleted).map((d) => d.name)).toEqual(["Right Person"]);
  });

  it("a card client that has not paid its request cannot add yet", async () => {
    const { client, as } = await company({ journey: "PayByCard", status: "PaymentPending", paid: false });
    const before = await snapshot(client);
    const res = await api.patchDirectors([{ op: "add", path: "/-", value: { name: "Early", email: "early@example.co.uk" } }], as);
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ add: ["payFirst"] });
    expect(await snapshot(client)).toEqual(before);
  });

  it("invoice clients: an additional invoice job per batch once the request's invoice exists; before that the request's invoice counts them", async () => {
    const db = await getDb();
    const invoiced = await company({ journey: "PayByInvoice", sageInvoiceNumber: "SI-100" });
    expect((await api.patchDirectors([{ op: "add", path: "/-", value: { name: "Added One", email: "added.one@example.co.uk" } }, { op: "add", path: "/-", value: { name: "Added Two", email: "added.two@example.co.uk" } }], invoiced.as)).status).toBe(200);
    const [batch] = await db.select().from(directorAdditions).where(eq(directorAdditions.clientId, invoiced.client.id));
    expect(batch).toMatchObject({ journey: "PayByInvoice", individuals: 2, amountDue: 2 * 7800 });
    expect(await jobs(`invoice:${invoiced.client.id}:`)).toEqual([{ name: "invoice.raise", key: `invoice:${invoiced.client.id}:addition-${batch!.id}`, data: { clientId: invoiced.client.id, additionId: batch!.id } }]);
    expect(await jobs(`invitation:${batch!.directorIds[0]}`)).toHaveLength(1);

    const notYet = await company({ journey: "PayByInvoice", sageInvoiceNumber: null });
    expect((await api.patchDirectors([{ op: "add", path: "/-", value: { name: "Early Add", email: "early.add@example.co.uk" } }], notYet.as)).status).toBe(200);
    expect(await jobs(`invoice:${notYet.client.id}:`)).toEqual([]);
  });
});

describe("GET /api/director-verification/company/directors-export", () => {
  it("a CSV with a byte order mark of the company's own live individuals, formula cells neutralised", async () => {
    const db = await getDb();
    const { client, directors: ds, as } = await company();
    await db.update(directors).set({ name: "=HYPERLINK(\"http://evil.example\")" }).where(eq(directors.id, ds[0]!.id));
    await db.update(directors).set({ isDeleted: true, deleteReason: "gone" }).where(eq(directors.id, ds[2]!.id));
    const other = await company();
    const res = await api.export(as);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toContain(`${client.reference}-individuals-`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1));
    expect(rows[0]).toEqual(["Name", "Email", "Status", "Added (UTC)", "Personal code"]);
    expect(rows.slice(1).map((r) => r[1])).toEqual([ds[0]!.email, ds[1]!.email]);
    expect(rows[1]![0]).toBe("'=HYPERLINK(\"http://evil.example\")");
    expect(rows[1]![2]).toBe("Waiting for details and identity check");
    // Never an individual's reference (their sign-in factor), nor another company's individuals.
    for (const d of ds) expect(rows.flat()).not.toContain(d.reference);
    for (const d of other.directors) expect(rows.flat()).not.toContain(d.email);
  });

  it("is for company contacts only", async () => {
    const { directors: ds } = await company();
    expect((await api.export(asDirector(ds[0]!))).status).toBe(403);
    expect((await api.export({})).status).toBe(401);
  });
});


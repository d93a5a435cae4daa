import { and, desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { auditEntries, clients, directorFiles, directorMedia, directors, notifications, sessions, type AuditEntry, type NewClient } from "@/db/schema";
import { GET as getClientRoute, PATCH as patchClientRoute } from "@/app/api/admin/director-verification/clients/[id]/route";
import { GET as getDirectorRoute, PATCH as patchDirectorRoute } from "@/app/api/admin/director-verification/directors/[id]/route";
import { GET as mediaRoute } from "@/app/api/admin/director-verification/directors/[id]/yoti-media/[mediaId]/route";
import { GET as fileRoute } from "@/app/api/admin/director-verification/directors/[id]/file/[fileId]/route";
import { GET as sovRoute } from "@/app/api/admin/director-verification/directors/[id]/sov-info/route";
import { POST as deleteClientRoute } from "@/app/api/admin/client/[id]/delete/route";
import { POST as deleteDirectorRoute } from "@/app/api/admin/director/[id]/delete/route";
import { GET as clientAuditRoute } from "@/app/api/admin/audit/client/[clientId]/route";
import { GET as directorAuditRoute } from "@/app/api/admin/audit/director/[directorId]/route";
import messages from "@/messages/en-GB.json";
import { readPersonalCode } from "@/lib/server/directors/personal-code-keys";
import { insertClientWithDirectors, insertFile, insertSession, uniqueTag } from "../support/factories";
import { apiRequest, ORIGIN, routeParams, TEST_IP } from "./support/requests";
import { asAdmin, asContact, asDirector, demo, demoClient, demoDirector, TEST_API_KEY, withApiKey } from "./support/test-users";
import { setupTestDb } from "./support/setup-test-db";

setupTestDb();

type Headers = Record<string, string>;
type Id = number | string;

/** This file's requests: JSON Patch bodies, as the client detail page sends them. */
const request = (urlPath: string, init: { method?: string; headers?: Headers; body?: unknown } = {}) =>
  apiRequest(urlPath, { contentType: "application/json-patch+json", ...init });

const api = {
  getClient: (id: Id, headers = asAdmin()) => getClientRoute(request(`/api/admin/director-verification/clients/${id}`, { headers }), routeParams({ id })),
  patchClient: (id: Id, body: unknown, headers = asAdmin()) =>
    patchClientRoute(request(`/api/admin/director-verification/clients/${id}`, { method: "PATCH", headers, body }), routeParams({ id })),
  getDirector: (id: Id, headers = asAdmin()) => getDirectorRoute(request(`/api/admin/director-verification/directors/${id}`, { headers }), routeParams({ id })),
  patchDirector: (id: Id, body: unknown, headers = asAdmin()) =>
    patchDirectorRoute(request(`/api/admin/director-verification/directors/${id}`, { method: "PATCH", headers, body }), routeParams({ id })),
  media: (id: Id, mediaId: Id, headers = asAdmin()) =>
    mediaRoute(request(`/api/admin/director-verification/directors/${id}/yoti-media/${mediaId}`, { headers }), routeParams({ id, mediaId })),
  file: (id: Id, fileId: Id, headers = asAdmin()) =>
    fileRoute(request(`/api/admin/director-verification/directors/${id}/file/${fileId}`, { headers }), routeParams({ id, fileId })),
  sov: (id: Id, headers = asAdmin()) => sovRoute(request(`/api/admin/director-verification/directors/${id}/sov-info`, { headers }), routeParams({ id })),
  deleteClient: (id: Id, body: unknown, headers = asAdmin()) =>
    deleteClientRoute(request(`/api/admin/client/${id}/delete`, { method: "POST", headers, body }), routeParams({ id })),
  deleteDirector: (id: Id, body: unknown, headers = asAdmin()) =>
    deleteDirectorRoute(request(`/api/admin/director/${id}/delete`, { method: "POST", headers, body }), routeParams({ id })),
  clientAudit: (id: Id, headers = asAdmin()) => clientAuditRoute(request(`/api/admin/audit/client/${id}`, { headers }), routeParams({ clientId: id })),
  directorAudit: (id: Id, headers = asAdmin()) => directorAuditRoute(request(`/api/admin/audit/director/${id}`, { headers }), routeParams({ directorId: id })),
};

/**
 * A client in progress with `directorCount` directors awaiting their ID information. The client has
 * a card-payment secret and each director a provider session token: secrets no answer may show.
 */
async function makeClient(overrides: Partial<NewClient> = {}, directorCount = 3) {
  return insertClientWithDirectors(await getDb(), {
    client: { status: "InProgress", billingAddressCity: "Leeds", billingAddressCountry: "GB", paymentSessionSecret: "cs_secret_never_shown", ...overrides },
    directors: Array.from({ length: directorCount }, () => {
      const token = `yoti-token-${uniqueTag()}`;
      return { status: "AwaitingIDInfo" as const, sessionToken: token, sessionUrl: `https://idv.example/?token=${token}` };
    }),
  });
}

async function clientRow(id: number) {
  const [row] = await (await getDb()).select().from(clients).where(eq(clients.id, id));
  return row!;
}
async function directorRow(id: number) {
  const [row] = await (await getDb()).select().from(directors).where(eq(directors.id, id));
  return row!;
}
async function auditOf(where: { clientId?: number; directorId?: number }): Promise<AuditEntry[]> {
  const db = await getDb();
  const cond = where.directorId !== undefined ? eq(auditEntries.directorId, where.directorId) : eq(auditEntries.clientId, where.clientId!);
  return db.select().from(auditEntries).where(cond).orderBy(desc(auditEntries.id));
}
async function addSession(values: Parameters<typeof insertSession>[1]) {
  return (await insertSession(await getDb(), values)).id;
}
async function sessionRevoked(id: string) {
  const [row] = await (await getDb()).select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.id, id));
  return row!.revokedAt !== null;
}

describe("access", () => {
  it("answers 401 to anonymous callers and 403 to company contacts and directors, everywhere", async () => {
    const { client, directors: [d] } = await makeClient({}, 1);
    const calls = (headers: Headers) => [
      api.getClient(client.id, headers),
      api.patchClient(client.id, [{ op: "replace", path: "/notes", value: "x" }], headers),
      api.getDirector(d!.id, headers),
      api.patchDirector(d!.id, [{ op: "replace", path: "/city", value: "x" }], headers),
      api.media(d!.id, 1, headers),
      api.file(d!.id, 1, headers),
      api.sov(d!.id, headers),
      api.deleteClient(client.id, { reason: "x" }, headers),
      api.deleteDirector(d!.id, { reason: "x" }, headers),
      api.clientAudit(client.id, headers),
      api.directorAudit(d!.id, headers),
    ];
    expect((await Promise.all(calls({}))).map((r) => r.status)).toEqual(Array(11).fill(401));
    expect((await Promise.all(calls(asContact()))).map((r) => r.status)).toEqual(Array(11).fill(403));
    expect((await Promise.all(calls(asDirector()))).map((r) => r.status)).toEqual(Array(11).fill(403));
    expect((await clientRow(client.id)).isDeleted).toBe(false);
    expect((await directorRow(d!.id)).isDeleted).toBe(false);
    expect(await auditOf({ clientId: client.id })).toHaveLength(0);
  });

  it("answers 404 for ids that do not exist or are not integers", async () => {
    for (const id of [999999, "abc", "0", "1.5", "-1", "99999999999"]) {
      expect((await api.getClient(id)).status).toBe(404);
      expect((await api.patchClient(id, [])).status).toBe(404);
      expect((await api.getDirector(id)).status).toBe(404);
      expect((await api.patchDirector(id, [])).status).toBe(404);
      expect((await api.sov(id)).status).toBe(404);
      expect((await api.deleteClient(id, { reason: "Duplicate record" })).status).toBe(404);
      expect((await api.deleteDirector(id, { reason: "Duplicate record" })).status).toBe(404);
      expect((await api.clientAudit(id)).status).toBe(404);
      expect((await api.directorAudit(id)).status).toBe(404);
    }
  });

  it("lets a machine client in with the api-key header, and refuses a wrong key", async () => {
    const { client } = await makeClient({}, 1);
    expect((await api.getClient(client.id, withApiKey())).status).toBe(200);
    expect((await api.getClient(client.id, withApiKey(`${TEST_API_KEY}x`))).status).toBe(401);
    expect((await api.patchClient(client.id, [{ op: "replace", path: "/notes", value: "by machine" }], withApiKey())).status).toBe(200);
    const [entry] = await auditOf({ clientId: client.id });
    expect(entry).toMatchObject({ user: "api-key", action: "Changed notes" });
  });

  it("refuses state-changing calls from another site", async () => {
    const { client, directors: [d] } = await makeClient({}, 1);
    const evil = { ...asAdmin(), origin: "https://evil.example" };
    expect((await api.patchClient(client.id, [{ op: "replace", path: "/notes", value: "x" }], evil)).status).toBe(403);
    expect((await api.patchDirector(d!.id, [{ op: "replace", path: "/city", value: "x" }], evil)).status).toBe(403);
    expect((await api.deleteClient(client.id, { reason: "Cross-site" }, evil)).status).toBe(403);
    expect((await api.deleteDirector(d!.id, { reason: "Cross-site" }, evil)).status).toBe(403);
    expect((await api.patchClient(client.id, [{ op: "replace", path: "/notes", value: "same site" }], { ...asAdmin(), origin: ORIGIN })).status).toBe(200);
  });
});

describe("GET client and director", () => {
  it("returns the client with its directors, directorCount and statusStats, and no secrets", async () => {
    const { client, directors: people } = await makeClient({}, 2);
    const res = await api.getClient(client.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body).toMatchObject({ id: client.id, name: client.name, directorCount: 2, statusStats: [{ value: "AwaitingIDInfo", label: "Waiting for details and identity check", count: 2 }] });
    expect(body.directors.map((d: { id: number }) => d.id).sort()).toEqual(people.map((d) => d.id).sort());
    const text = JSON.stringify(body);
    expect(text).not.toContain("cs_secret_never_shown");
    expect(text).not.toContain("yoti-token-");
  });

  it("returns a director with the spec's related fields, and no provider session secret", async () => {
    const priya = await demoDirector("PS6N3VXA");
    const res = await api.getDirector(priya.id);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id: priya.id, name: "Priya Sharma", clientName: "Hartwell Holdings Ltd", clientSageId: "HART001", clientProductTier: "Managed", directorNameFiles: [], directorAddressFiles: [] });
    expect(body.directorChecks).toHaveLength(3);
    expect(body.directorMedias).toHaveLength(2);
    expect(body.directorAddresses).toHaveLength(2);
    expect(body.sessionToken).toBeUndefined();
    expect(body.sessionUrl).toBeUndefined();
  });
});

describe("PATCH client: the allow-list", () => {
  const bad: [string, unknown][] = [
    ["a path outside the allow-list", [{ op: "replace", path: "/reference", value: "AAAAAAAA" }]],
    ["the payment secret", [{ op: "replace", path: "/paymentSessionSecret", value: "x" }]],
    ["isDeleted", [{ op: "replace", path: "/isDeleted", value: true }]],
    ["the journey", [{ op: "replace", path: "/journey", value: "PayByCard" }]],
    ["fullPrice", [{ op: "replace", path: "/fullPrice", value: 1 }]],
    ["__proto__", [{ op: "add", path: "/__proto__", value: { isDeleted: true } }]],
    ["constructor", [{ op: "replace", path: "/constructor", value: "x" }]],
    ["prototype", [{ op: "replace", path: "/prototype", value: "x" }]],
    ["a nested path", [{ op: "replace", path: "/name/0", value: "x" }]],
    ["an escaped slash", [{ op: "replace", path: "/na~1me", value: "x" }]],
    ["an unknown op", [{ op: "move", from: "/name", path: "/notes" }]],
    ["a wrong type", [{ op: "replace", path: "/unitPrice", value: "6500" }]],
    ["a negative price", [{ op: "replace", path: "/unitPrice", value: -1 }]],
    ["a fractional price", [{ op: "replace", path: "/unitPrice", value: 10.5 }]],
    ["a bad status", [{ op: "replace", path: "/status", value: "Archived" }]],
    ["a bad country", [{ op: "replace", path: "/billingAddressCountry", value: "Narnia" }]],
    ["a bad email", [{ op: "replace", path: "/mainContactEmail", value: "nobody" }]],
    ["a NUL character", [{ op: "replace", path: "/name", value: "a\u0000b" }]],
    ["a required field removed", [{ op: "remove", path: "/name" }]],
    ["a missing value", [{ op: "replace", path: "/notes" }]],
    ["conflicting operations", [{ op: "replace", path: "/notes", value: "a" }, { op: "replace", path: "/notes", value: "b" }]],
    ["one bad operation among good ones", [{ op: "replace", path: "/notes", value: "fine" }, { op: "replace", path: "/reference", value: "AAAAAAAA" }]],
    ["an object instead of an array", { op: "replace", path: "/notes", value: "x" }],
    ["a huge string", [{ op: "replace", path: "/notes", value: "x".repeat(70_000) }]],
    ["not JSON", "{not json"],
  ];

  it.each(bad)("rejects %s with 400 and changes nothing", async (_label, body) => {
    const { client } = await makeClient({}, 0);
    const before = await clientRow(client.id);
    const res = await api.patchClient(client.id, body);
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.error).toBe("bad_request");
    expect(await clientRow(client.id)).toEqual(before);
    expect(await auditOf({ clientId: client.id })).toHaveLength(0);
    expect(({} as Record<string, unknown>).isDeleted).toBeUndefined();
  });

  it("names the problem per field, as message keys", async () => {
    const { client } = await makeClient({}, 0);
    const res = await api.patchClient(client.id, [
      { op: "replace", path: "/unitPrice", value: "x" },
      { op: "replace", path: "/reference", value: "AAAAAAAA" },
      { op: "replace", path: "/__proto__", value: 1 },
    ]);
    expect(await res.json()).toMatchObject({ error: "bad_request", fields: { unitPrice: ["pence"], "operations.1": ["pathNotAllowed"], "operations.2": ["forbiddenPath"] } });
  });
});

describe("PATCH client: accepted changes", () => {
  it("writes the changed fields, one ClientModified entry per changed field, updatedAt and updatedBy, in one go", async () => {
    const { client } = await makeClient({}, 0);
    const res = await api.patchClient(client.id, [
      { op: "replace", path: "/billingAddressCity", value: "  York " },
      { op: "replace", path: "/notes", value: "Call before invoicing" },
      { op: "replace", path: "/billingAddressCountry", value: "GB" },
      { op: "replace", path: "/vatExempt", value: true },
    ]);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const after = await clientRow(client.id);
    expect(after).toMatchObject({ billingAddressCity: "York", notes: "Call before invoicing", billingAddressCountry: "GB", vatExempt: true, updatedBy: "admin@portal.example" });
    expect(after.updatedAt.getTime()).toBeGreaterThan(client.updatedAt.getTime());
    const entries = await auditOf({ clientId: client.id });
    expect(entries.map((e) => e.action).sort()).toEqual(["Changed billingAddressCity", "Changed notes", "Changed vatExempt"]);
    const city = entries.find((e) => e.action === "Changed billingAddressCity")!;
    expect(city).toMatchObject({
      auditType: "ClientModified",
      entityType: "Client",
      entityId: String(client.id),
      clientId: client.id,
      directorId: null,
      user: "admin@portal.example",
      ip: TEST_IP,
      userAgent: "jest",
      oldValue: { billingAddressCity: "Leeds" },
      newValue: { billingAddressCity: "York" },
    });
    expect(city.updatedAt?.getTime()).toBe(after.updatedAt.getTime());
  });

  it("writes nothing, not even updatedAt, when nothing changes", async () => {
    const { client } = await makeClient({}, 0);
    const before = await clientRow(client.id);
    const res = await api.patchClient(client.id, [
      { op: "replace", path: "/billingAddressCity", value: "Leeds" },
      { op: "test", path: "/unitPrice", value: 6500 },
    ]);
    expect(res.status).toBe(200);
    expect(await clientRow(client.id)).toEqual(before);
    expect(await auditOf({ clientId: client.id })).toHaveLength(0);
  });

  it("clears optional fields with remove or a blank value", async () => {
    const { client } = await makeClient({ vatNumber: "GB123456789", purchaseOrderInfo: "PO-1" }, 0);
    expect((await api.patchClient(client.id, [{ op: "remove", path: "/vatNumber" }, { op: "replace", path: "/purchaseOrderInfo", value: "  " }])).status).toBe(200);
    expect(await clientRow(client.id)).toMatchObject({ vatNumber: null, purchaseOrderInfo: null });
    const entries = await auditOf({ clientId: client.id });
    expect(entries.find((e) => e.action === "Changed vatNumber")).toMatchObject({ oldValue: { vatNumber: "GB123456789" }, newValue: { vatNumber: null } });
  });

  it("takes a VAT number in HMRC's format, spaces allowed, stored compact; refuses anything else naming the field", async () => {
    const { client } = await makeClient({}, 0);
    expect((await api.patchClient(client.id, [{ op: "replace", path: "/vatNumber", value: "gb 123 4567 89" }])).status).toBe(200);
    expect(await clientRow(client.id)).toMatchObject({ vatNumber: "GB123456789" });
    for (const wrong of ["GB123", "ABC123456789", "123456789"]) {
      const res = await api.patchClient(client.id, [{ op: "replace", path: "/vatNumber", value: wrong }]);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string[]> }).fields.vatNumber).toEqual(["vatNumberFormat"]);
    }
    expect(await clientRow(client.id)).toMatchObject({ vatNumber: "GB123456789" });
  });

  it("answers 409 and changes nothing when a test operation fails", async () => {
    const { client } = await makeClient({}, 0);
    const before = await clientRow(client.id);
    const res = await api.patchClient(client.id, [
      { op: "test", path: "/name", value: "Someone else's name" },
      { op: "replace", path: "/notes", value: "x" },
    ]);
    expect(res.status).toBe(409);
    expect(await clientRow(client.id)).toEqual(before);
  });

  it("assigns an owner only from the admin users, storing their email as recorded", async () => {
    const { client } = await makeClient({}, 0);
    const res = await api.patchClient(client.id, [{ op: "replace", path: "/owner", value: "Sarah.Collins@Portal.example" }]);
    expect(res.status).toBe(200);
    expect((await clientRow(client.id)).owner).toBe("sarah.collins@portal.example");
    const refused = await api.patchClient(client.id, [{ op: "replace", path: "/owner", value: "olivia.bennett@hartwell-holdings.example" }]);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ fields: { owner: ["notAnAdmin"] } });
    expect((await clientRow(client.id)).owner).toBe("sarah.collins@portal.example");
    expect((await api.patchClient(client.id, [{ op: "remove", path: "/owner" }])).status).toBe(200);
    expect((await clientRow(client.id)).owner).toBeNull();
  });

  it("recomputes the total when the unit price changes, and audits it", async () => {
    const { client, directors: people } = await makeClient({}, 3);
    const db = await getDb();
    await db.update(directors).set({ priceOverride: 1000, priceOverrideReason: "Agreed" }).where(eq(directors.id, people[0]!.id));
    expect((await api.patchClient(client.id, [{ op: "replace", path: "/unitPrice", value: 5000 }])).status).toBe(200);
    expect(await clientRow(client.id)).toMatchObject({ unitPrice: 5000, fullPrice: 1000 + 2 * 5000 });
    const actions = (await auditOf({ clientId: client.id })).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["Changed unitPrice", "Changed fullPrice"]));
  });

  it("keeps the amount of a client that has paid", async () => {
    const { client } = await makeClient({ paid: true, fullPrice: 19500 }, 3);
    expect((await api.patchClient(client.id, [{ op: "replace", path: "/unitPrice", value: 100 }])).status).toBe(200);
    expect((await clientRow(client.id)).fullPrice).toBe(19500);
  });

  it("records payment of an invoice (paidAt follows), but not of a card payment", async () => {
    const { client } = await makeClient({}, 0);
    expect((await api.patchClient(client.id, [{ op: "replace", path: "/paid", value: true }])).status).toBe(200);
    expect((await clientRow(client.id)).paidAt).toBeInstanceOf(Date);
    const card = (await makeClient({ journey: "PayByCard", status: "PaymentPending" }, 0)).client;
    const res = await api.patchClient(card.id, [{ op: "replace", path: "/paid", value: true }]);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fields: { paid: ["paidByCard"] } });
  });

  it("signs the company contact out when the main contact email changes", async () => {
    const { client } = await makeClient({}, 0);
    const contactSession = await addSession({ userType: "DV_CompanyContact", clientId: client.id, email: client.mainContactEmail });
    expect((await api.patchClient(client.id, [{ op: "replace", path: "/mainContactFirstName", value: "Casey" }])).status).toBe(200);
    expect(await sessionRevoked(contactSession)).toBe(false);
    expect((await api.patchClient(client.id, [{ op: "replace", path: "/mainContactEmail", value: "new.contact@detail-test.example" }])).status).toBe(200);
    expect(await sessionRevoked(contactSession)).toBe(true);
  });

  it("refuses to patch a deleted client", async () => {
    const { client } = await makeClient({ isDeleted: true, deleteReason: "Duplicate" }, 0);
    expect((await api.patchClient(client.id, [{ op: "replace", path: "/notes", value: "x" }])).status).toBe(409);
    expect((await clientRow(client.id)).notes).toBeNull();
  });
});

describe("PATCH director", () => {
  const reasonMessage = messages.clientDetail.validation.reasonTooShort;

  it("needs an override reason longer than 10 characters", async () => {
    expect(reasonMessage).toBe("Reason must be longer than 10 characters.");
    const { directors: [d] } = await makeClient({}, 1);
    const before = await directorRow(d!.id);
    for (const reason of [undefined, "", "   ", "ten chars!", "  0123456789  "]) {
      const ops: unknown[] = [{ op: "replace", path: "/statusOverride", value: "Complete" }];
      if (reason !== undefined) ops.push({ op: "replace", path: "/statusOverrideReason", value: reason });
      const res = await api.patchDirector(d!.id, ops);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ fields: { statusOverrideReason: ["reasonTooShort"] } });
    }
    const alone = await api.patchDirector(d!.id, [{ op: "replace", path: "/statusOverrideReason", value: "A reason without its override" }]);
    expect(await alone.json()).toMatchObject({ fields: { statusOverrideReason: ["reasonWithoutOverride"] } });
    expect((await api.patchDirector(d!.id, [{ op: "replace", path: "/status", value: "Complete" }])).status).toBe(400);
    expect(await directorRow(d!.id)).toEqual(before);
    expect(await auditOf({ directorId: d!.id })).toHaveLength(0);
  });

  it("overrides the status keeping the computed one, audits each field, notifies admins and answers with the client", async () => {
    const { client, directors: [d] } = await makeClient({}, 1);
    const res = await api.patchDirector(d!.id, [
      { op: "replace", path: "/statusOverride", value: "Verified" },
      { op: "replace", path: "/statusOverrideReason", value: "Checked the passport in person." },
    ]);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id: client.id, name: client.name });
    expect(body.directors[0]).toMatchObject({ id: d!.id, status: "Verified" });
    expect(await directorRow(d!.id)).toMatchObject({
      status: "Verified",
      statusOverride: "Verified",
      statusOriginal: "AwaitingIDInfo",
      statusOverrideReason: "Checked the passport in person.",
      updatedBy: "admin@portal.example",
    });
    const entries = await auditOf({ directorId: d!.id });
    expect(entries.map((e) => e.action).sort()).toEqual(["Changed status", "Changed statusOriginal", "Changed statusOverride", "Changed statusOverrideReason"]);
    expect(entries.every((e) => e.auditType === "DirectorModified" && e.entityType === "Director" && e.clientId === client.id)).toBe(true);
    expect(entries.find((e) => e.action === "Changed statusOverride")).toMatchObject({
      oldValue: { statusOverride: null },
      newValue: { statusOverride: "Verified", reason: "Checked the passport in person." },
    });
    const [note] = await (await getDb()).select().from(notifications).where(eq(notifications.directorId, d!.id));
    expect(note?.message).toContain("status overridden to Identity verified");

    // A second override keeps the original computed status; removing it restores that status.
    expect((await api.patchDirector(d!.id, [{ op: "replace", path: "/statusOverride", value: "Complete" }, { op: "replace", path: "/statusOverrideReason", value: "Personal code received by phone." }])).status).toBe(200);
    expect(await directorRow(d!.id)).toMatchObject({ status: "Complete", statusOverride: "Complete", statusOriginal: "AwaitingIDInfo" });
    expect((await api.patchDirector(d!.id, [{ op: "remove", path: "/statusOverride" }, { op: "replace", path: "/statusOverrideReason", value: "Override entered by mistake." }])).status).toBe(200);
    expect(await directorRow(d!.id)).toMatchObject({ status: "AwaitingIDInfo", statusOverride: null, statusOriginal: null, statusOverrideReason: null });
  });

  it("overrides the price with a required reason, and recomputes the client's total", async () => {
    const { client, directors: [d] } = await makeClient({}, 2);
    const without = await api.patchDirector(d!.id, [{ op: "replace", path: "/priceOverride", value: 4500 }]);
    expect(without.status).toBe(400);
    expect(await without.json()).toMatchObject({ fields: { priceOverrideReason: ["reasonRequired"] } });
    const res = await api.patchDirector(d!.id, [{ op: "replace", path: "/priceOverride", value: 4500 }, { op: "replace", path: "/priceOverrideReason", value: "Agreed discount" }]);
    expect(res.status).toBe(200);
    expect(await directorRow(d!.id)).toMatchObject({ priceOverride: 4500, priceOverrideReason: "Agreed discount" });
    expect((await clientRow(client.id)).fullPrice).toBe(4500 + 6500);
    const entry = (await auditOf({ directorId: d!.id })).find((e) => e.action === "Changed priceOverride");
    expect(entry).toMatchObject({ oldValue: { priceOverride: null }, newValue: { priceOverride: 4500, reason: "Agreed discount" } });
    expect((await api.patchDirector(d!.id, [{ op: "replace", path: "/priceOverride", value: null }, { op: "replace", path: "/priceOverrideReason", value: "Back to the list price" }])).status).toBe(200);
    expect(await directorRow(d!.id)).toMatchObject({ priceOverride: null, priceOverrideReason: null });
    expect((await clientRow(client.id)).fullPrice).toBe(2 * 6500);
  });

  it("edits details, refusing a duplicate email within the client and signing the director out on a new one", async () => {
    const { directors: [a, b] } = await makeClient({}, 2);
    const session = await addSession({ userType: "DV_Director", directorId: a!.id, email: a!.email });
    const dup = await api.patchDirector(a!.id, [{ op: "replace", path: "/email", value: b!.email.toUpperCase() }]);
    expect(dup.status).toBe(400);
    expect(await dup.json()).toMatchObject({ fields: { email: ["emailInUse"] } });
    const res = await api.patchDirector(a!.id, [
      { op: "replace", path: "/city", value: "Bath" },
      { op: "replace", path: "/country", value: "gb" },
      { op: "replace", path: "/formerNames", value: ["Alex Smith"] },
      { op: "replace", path: "/companiesHouseCode", value: "ab12cd34ef5" },
      { op: "replace", path: "/dateToCompaniesHouse", value: "2025-03-14" },
      { op: "replace", path: "/email", value: "renamed@detail-test.example" },
    ]);
    expect(res.status).toBe(200);
    const row = await directorRow(a!.id);
    expect(row).toMatchObject({ city: "Bath", country: "GB", formerNames: ["Alex Smith"], dateToCompaniesHouse: "2025-03-14", email: "renamed@detail-test.example" });
    // The code is stored encrypted, upper case, and the audit shows it masked only.
    expect(row.companiesHouseCode).toMatch(/^pc1:/);
    expect(readPersonalCode(row)).toBe("AB12CD34EF5");
    expect(JSON.stringify(await auditOf({ directorId: a!.id }))).not.toContain("AB12CD34EF5");
    expect(row.formerNameHistory).toEqual([{ name: "Alex Smith", from: null, to: null }]);
    expect(row.companiesHouseCodeReceivedAt).toBeInstanceOf(Date);
    expect(await sessionRevoked(session)).toBe(true);
    expect((await auditOf({ directorId: a!.id })).find((e) => e.action === "Changed formerNames")).toMatchObject({ oldValue: { formerNames: [] }, newValue: { formerNames: ["Alex Smith"] } });
  });

  it.each([
    ["/sessionToken", "x"],
    ["/clientId", 1],
    ["/statusOriginal", "Complete"],
    ["/isDeleted", true],
    ["/reference", "AAAAAAAA"],
    ["/companiesHouseCode", "TOO-SHORT"],
    ["/country", "XX"],
    ["/dateToCompaniesHouse", "2025-02-30"],
    ["/formerNames", "not a list"],
    ["/__proto__", {}],
  ])("rejects %s = %j with 400 and changes nothing", async (p, value) => {
    const { directors: [d] } = await makeClient({}, 1);
    const before = await directorRow(d!.id);
    expect((await api.patchDirector(d!.id, [{ op: "replace", path: p, value }])).status).toBe(400);
    expect(await directorRow(d!.id)).toEqual(before);
  });
});

describe("delete", () => {
  it("needs a reason to delete a director, then soft-deletes, audits and signs them out", async () => {
    const { client, directors: [d, other] } = await makeClient({}, 2);
    for (const body of [{}, { reason: "" }, { reason: "   " }, { reason: 12 }, { reason: "x".repeat(1001) }, "not json", []]) {
      expect((await api.deleteDirector(d!.id, body)).status).toBe(400);
    }
    expect((await directorRow(d!.id)).isDeleted).toBe(false);
    const session = await addSession({ userType: "DV_Director", directorId: d!.id, email: d!.email });
    const otherSession = await addSession({ userType: "DV_Director", directorId: other!.id, email: other!.email });

    const res = await api.deleteDirector(d!.id, { reason: " Resigned before verification " });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const row = await directorRow(d!.id);
    expect(row).toMatchObject({ isDeleted: true, deleteReason: "Resigned before verification", deletedBy: "admin@portal.example" });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(await sessionRevoked(session)).toBe(true);
    expect(await sessionRevoked(otherSession)).toBe(false);
    const deleted = (await auditOf({ directorId: d!.id })).filter((e) => e.auditType === "DirectorDeleted");
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatchObject({ clientId: client.id, newValue: { isDeleted: true, deleteReason: "Resigned before verification" } });
    expect((await clientRow(client.id)).fullPrice).toBe(6500);

    // Idempotent: deleting again succeeds and changes nothing.
    const again = await api.deleteDirector(d!.id, { reason: "Another reason" });
    expect(again.status).toBe(200);
    expect(await directorRow(d!.id)).toEqual(row);
    expect((await auditOf({ directorId: d!.id })).filter((e) => e.auditType === "DirectorDeleted")).toHaveLength(1);

    expect((await api.patchDirector(d!.id, [{ op: "replace", path: "/city", value: "x" }])).status).toBe(409);
    const client2 = await (await api.getClient(client.id)).json();
    expect(client2.directorCount).toBe(1);
  });

  it("needs a reason to delete a client, then soft-deletes, audits and signs out its contact and directors", async () => {
    const { client, directors: [d] } = await makeClient({}, 1);
    expect((await api.deleteClient(client.id, {})).status).toBe(400);
    expect((await api.deleteClient(client.id, { reason: " " })).status).toBe(400);
    expect((await clientRow(client.id)).isDeleted).toBe(false);
    const contactSession = await addSession({ userType: "DV_CompanyContact", clientId: client.id, email: client.mainContactEmail });
    const directorSession = await addSession({ userType: "DV_Director", directorId: d!.id, email: d!.email });
    const adminSession = await addSession({ userType: "Admin", email: demo.admin });

    const res = await api.deleteClient(client.id, { reason: "Duplicate of another request" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const row = await clientRow(client.id);
    expect(row).toMatchObject({ isDeleted: true, deleteReason: "Duplicate of another request", deletedBy: "admin@portal.example" });
    expect(await sessionRevoked(contactSession)).toBe(true);
    expect(await sessionRevoked(directorSession)).toBe(true);
    expect(await sessionRevoked(adminSession)).toBe(false);
    const entries = (await auditOf({ clientId: client.id })).filter((e) => e.auditType === "ClientDeleted");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entityType: "Client", entityId: String(client.id), oldValue: { isDeleted: false }, newValue: { isDeleted: true, deleteReason: "Duplicate of another request" } });

    expect((await api.deleteClient(client.id, { reason: "Again" })).status).toBe(200);
    expect(await clientRow(client.id)).toEqual(row);
    expect((await auditOf({ clientId: client.id })).filter((e) => e.auditType === "ClientDeleted")).toHaveLength(1);
    // Staff still see it, marked.
    expect(await (await api.getClient(client.id)).json()).toMatchObject({ isDeleted: true, deleteReason: "Duplicate of another request" });
  });
});

describe("director sub-resources", () => {
  it("serves a media item's JSON content, only under its own director", async () => {
    const priya = await demoDirector("PS6N3VXA");
    const thomas = await demoDirector("TH8R2MWE");
    const db = await getDb();
    const media = await db.select().from(directorMedia).where(eq(directorMedia.directorId, priya.id)).orderBy(directorMedia.id);
    const json = media.find((m) => m.type === "JSON")!;
    const image = media.find((m) => m.type === "IMAGE")!;
    const res = await api.media(priya.id, json.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(JSON.parse(await res.text())).toMatchObject({ document_type: "PASSPORT", full_name: "Priya Sharma" });
    // An image's bytes come from Yoti (and are kept): tests/integration/evidence-pack.test.ts, against the simulator.
    expect(image.jsonContent).toBeNull();
    expect((await api.media(thomas.id, json.id)).status).toBe(404);
    expect((await api.media(priya.id, 999999)).status).toBe(404);
    expect((await api.media(priya.id, "x")).status).toBe(404);
  });

  it("serves a stored file as an attachment with nosniff, only under its own director and when the bytes exist", async () => {
    const { directors: [a, b] } = await makeClient({}, 2);
    const db = await getDb();
    const bytes = Buffer.from("%PDF-1.4 test file");
    const file = await insertFile(db, { directorId: a!.id, fileName: 'Deed poll "final".pdf', fileType: "Name", contentType: "application/pdf", bytes });
    const missing = await insertFile(db, { directorId: a!.id, fileName: "gone.pdf", fileType: "Address", storageKey: `it-missing-${uniqueTag()}` });

    const res = await api.file(a!.id, file.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="Deed poll _final_.pdf"; filename\*=UTF-8''Deed%20poll%20%22final%22.pdf$/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);

    expect((await api.file(b!.id, file.id)).status).toBe(404);
    expect((await api.file(a!.id, missing.id)).status).toBe(404);
    expect((await api.file(a!.id, 999999)).status).toBe(404);
    await db.update(directorFiles).set({ isDeleted: true }).where(eq(directorFiles.id, file.id));
    expect((await api.file(a!.id, file.id)).status).toBe(404);

    const listed = await (await api.getDirector(a!.id)).json();
    expect(listed.directorAddressFiles.map((f: { fileName: string }) => f.fileName)).toEqual(["gone.pdf"]);
    expect(JSON.stringify(listed)).not.toContain("it-missing-");
  });

  it("gives the statement-of-verification data", async () => {
    const thomas = await demoDirector("TH8R2MWE");
    const res = await api.sov(thomas.id);
    expect(res.status).toBe(200);
    const sov = await res.json();
    expect(sov).toMatchObject({
      directorId: thomas.id,
      name: "Thomas Hughes",
      status: "Verified",
      dateVerified: thomas.verificationCompletedAt!.toISOString().slice(0, 10),
      acspName: "Thornbury Corporate Services Ltd",
      documents: [{ type: "PASSPORT", issuingCountry: "GBR", expiry: expect.stringMatching(/^\d{4}-03-14$/), reference: null }],
    });
    expect(sov.checks.map((c: { type: string }) => c.type)).toEqual(["ID_DOCUMENT_AUTHENTICITY", "ID_DOCUMENT_FACE_MATCH", "LIVENESS"]);
    expect(sov.checks[0]).toMatchObject({ recommendation: "APPROVE", yotiCheckId: expect.any(String) });
    const james = await (await api.sov((await demoDirector("JW4T8KQM")).id)).json();
    expect(james).toMatchObject({ dateVerified: null, checks: [], documents: [] });
  });
});

describe("audit trails", () => {
  it("lists a client's and a director's entries, newest first", async () => {
    const { client, directors: [d] } = await makeClient({}, 1);
    await api.patchClient(client.id, [{ op: "replace", path: "/notes", value: "first" }]);
    await api.patchDirector(d!.id, [{ op: "replace", path: "/city", value: "Hull" }]);
    await api.patchClient(client.id, [{ op: "replace", path: "/notes", value: "second" }]);

    const clientTrail = await (await api.clientAudit(client.id)).json();
    expect(clientTrail.map((e: { action: string }) => e.action)).toEqual(["Changed notes", "Changed city", "Changed notes"]);
    expect(clientTrail[0].newValue).toEqual({ notes: "second" });
    const directorTrail = await (await api.directorAudit(d!.id)).json();
    expect(directorTrail).toHaveLength(1);
    expect(directorTrail[0]).toMatchObject({ action: "Changed city", directorId: d!.id, oldValue: { city: null }, newValue: { city: "Hull" } });

    const hartwell = (await demoClient("HWH7K2QP")).id;
    const trail = await (await api.clientAudit(hartwell)).json();
    const times = trail.map((e: { timestamp: string }) => Date.parse(e.timestamp));
    expect(times).toEqual([...times].sort((x: number, y: number) => y - x));
    const count = await (await getDb()).select({ n: sql<number>`count(*)::int` }).from(auditEntries).where(and(eq(auditEntries.clientId, hartwell)));
    expect(trail).toHaveLength(Math.min(200, count[0]!.n));
  });
});

// The status machines through the real routes (lib/domain/*-lifecycle.ts, lib/server/lifecycle/):
// the client's status follows deletions and additions, staff status edits go through the machine,
// the check waits for the details, and an individual of an unpaid request can do nothing yet.
import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { auditEntries, clients, directors } from "@/db/schema";
import { PATCH as patchClientRoute } from "@/app/api/admin/director-verification/clients/[id]/route";
import { PATCH as patchDirectorRoute } from "@/app/api/admin/director-verification/directors/[id]/route";
import { POST as deleteDirectorRoute } from "@/app/api/admin/director/[id]/delete/route";
import { PATCH as patchDirectorsRoute } from "@/app/api/director-verification/directors/route";
import { PATCH as patchOwnDirectorRoute } from "@/app/api/director-verification/director/route";
import { POST as startYoti } from "@/app/api/director-verification/director-verification/start-yoti/route";
import { getJobQueue } from "@/lib/jobs/queue";
import { patchOwnDirector } from "@/lib/server/directors/patch-own-director";
import { startIdentityCheck } from "@/lib/server/identity-check/start-identity-check";
import { completeDetails, insertClientWithDirectors, uniqueTag } from "../support/factories";
import { apiRequest, jsonRequest, routeParams } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";
import { asAdmin, asContact, asDirector } from "./support/test-users";

setupTestDb();

type Headers = Record<string, string>;
const patch = (path: string, body: unknown, headers: Headers) => apiRequest(path, { method: "PATCH", contentType: "application/json-patch+json", headers, body });
const api = {
  patchClient: (id: number, body: unknown) => patchClientRoute(patch(`/api/admin/director-verification/clients/${id}`, body, asAdmin()), routeParams({ id })),
  patchDirector: (id: number, body: unknown) => patchDirectorRoute(patch(`/api/admin/director-verification/directors/${id}`, body, asAdmin()), routeParams({ id })),
  deleteDirector: (id: number, reason: string) =>
    deleteDirectorRoute(apiRequest(`/api/admin/director/${id}/delete`, { method: "POST", contentType: "application/json", headers: asAdmin(), body: { reason } }), routeParams({ id })),
  contactPatch: (body: unknown, headers: Headers) => patchDirectorsRoute(patch("/api/director-verification/directors", body, headers)),
  ownPatch: (body: unknown, headers: Headers) => patchOwnDirectorRoute(patch("/api/director-verification/director", body, headers)),
  start: (headers: Headers) => startYoti(jsonRequest("/api/director-verification/director-verification/start-yoti", {}, { headers })),
};

async function clientStatus(id: number) {
  const [row] = await (await getDb()).select({ status: clients.status, paid: clients.paid }).from(clients).where(eq(clients.id, id));
  return row!;
}

async function directorRow(id: number) {
  const [row] = await (await getDb()).select().from(directors).where(eq(directors.id, id));
  return row!;
}

async function invitationJobs(directorId: number) {
  const queue = await getJobQueue();
  const jobs = await queue.boss.findJobs("invitation.send", { data: { directorId } });
  return jobs.length;
}

describe("the client's status follows its live individuals", () => {
  it("deleting the last open individual completes the client", async () => {
    const { client, directors: [done, open] } = await insertClientWithDirectors(await getDb(), {
      client: { status: "InProgress" },
      directors: [{ status: "Complete" }, { status: "AwaitingIDInfo" }],
    });
    expect((await api.deleteDirector(open!.id, "Left the company before verifying")).status).toBe(200);
    expect((await clientStatus(client.id)).status).toBe("Completed");
    expect(done).toBeDefined();
    // A Managed client's contact is told every personal code is ready.
    const queue = await getJobQueue();
    const ready = await queue.boss.findJobs("email.send", { data: { to: client.mainContactEmail } });
    expect(ready.filter((j) => (j.data as { about?: { purpose?: string } }).about?.purpose?.includes("code"))).toHaveLength(1);
  });

  it("adding an individual to a Completed client moves it back to InProgress", async () => {
    const { client } = await insertClientWithDirectors(await getDb(), { client: { status: "Completed", journey: "PayByInvoice", sageInvoiceNumber: "SI-1" }, directors: [{ status: "Complete" }] });
    const res = await api.contactPatch([{ op: "add", path: "/-", value: { name: "New Person", email: `new-${uniqueTag()}@example.com` } }], asContact(client));
    expect(res.status).toBe(200);
    expect((await clientStatus(client.id)).status).toBe("InProgress");
  });

  it("a status override moves the client too: overriding the last open individual to Complete completes it, clearing reopens it", async () => {
    const { client, directors: [d] } = await insertClientWithDirectors(await getDb(), { client: { status: "InProgress" }, directors: [{ status: "UnderReview" }] });
    const reason = "Checked the passport in person at the office";
    expect((await api.patchDirector(d!.id, [{ op: "replace", path: "/statusOverride", value: "Complete" }, { op: "replace", path: "/statusOverrideReason", value: reason }])).status).toBe(200);
    expect(await directorRow(d!.id)).toMatchObject({ status: "Complete", statusOverride: "Complete", statusOriginal: "UnderReview", statusOverrideReason: reason });
    expect((await clientStatus(client.id)).status).toBe("Completed");
    expect((await api.patchDirector(d!.id, [{ op: "remove", path: "/statusOverride" }, { op: "replace", path: "/statusOverrideReason", value: reason }])).status).toBe(200);
    expect(await directorRow(d!.id)).toMatchObject({ status: "UnderReview", statusOverride: null, statusOriginal: null, statusOverrideReason: null });
    expect((await clientStatus(client.id)).status).toBe("InProgress");
  });
});

describe("staff status edits go through the client's machine", () => {
  it("refuses a move the machine does not give staff, naming the allowed ones in words", async () => {
    const { client } = await insertClientWithDirectors(await getDb(), { client: { status: "New" }, directors: 1 });
    const res = await api.patchClient(client.id, [{ op: "replace", path: "/status", value: "Completed" }]);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.allowed).toEqual(["Being set up"]);
    expect((await clientStatus(client.id)).status).toBe("New");
    expect((await api.patchClient(client.id, [{ op: "replace", path: "/status", value: "Onboarding" }])).status).toBe(200);
    expect((await clientStatus(client.id)).status).toBe("Onboarding");
  });

  it("PaymentPending to New without the payment is refused; recording it invites the individuals", async () => {
    const { client, directors: [d] } = await insertClientWithDirectors(await getDb(), {
      client: { status: "PaymentPending", journey: "PayByCard", paid: false },
      directors: [{ invitedAt: null }],
    });
    const bare = await api.patchClient(client.id, [{ op: "replace", path: "/status", value: "New" }]);
    expect(bare.status).toBe(400);
    expect((await bare.json()).fields).toEqual(expect.objectContaining({ paymentReference: expect.any(Array), paymentNote: expect.any(Array) }));
    expect(await clientStatus(client.id)).toEqual({ status: "PaymentPending", paid: false });
    expect(await invitationJobs(d!.id)).toBe(0);

    const recorded = await api.patchClient(client.id, [
      { op: "replace", path: "/status", value: "New" },
      { op: "add", path: "/paymentReference", value: "BACS 2026-11-26 HW" },
      { op: "add", path: "/paymentNote", value: "Paid by bank transfer after the card failed" },
    ]);
    expect(recorded.status).toBe(200);
    expect(await clientStatus(client.id)).toEqual({ status: "New", paid: true });
    expect((await directorRow(d!.id)).invitedAt).not.toBeNull();
    expect(await invitationJobs(d!.id)).toBe(1);
    const audit = await (await getDb()).select().from(auditEntries).where(eq(auditEntries.clientId, client.id));
    expect(audit.find((a) => a.action === "Payment recorded by staff")?.newValue).toMatchObject({ paymentReference: "BACS 2026-11-26 HW" });
  });
});

describe("the director's steps in order", () => {
  it("start-yoti before the details are saved is a 409 that says why", async () => {
    const { directors: [d] } = await insertClientWithDirectors(await getDb(), { client: { status: "New" }, directors: [{}] });
    const res = await api.start(asDirector(d!));
    expect(res.status).toBe(409);
    expect((await res.json()).message).toMatch(/12 months of address history/);
    expect((await directorRow(d!.id)).sessionID).toBeNull();
  });

  it("an individual of an unpaid request cannot sign in, and the machine refuses their details, check and code anyway", async () => {
    const { client, directors: [d, e] } = await insertClientWithDirectors(await getDb(), {
      client: { status: "PaymentPending", journey: "PayByCard", paid: false },
      directors: [{ invitedAt: null, ...completeDetails() }, { invitedAt: null, status: "AwaitingAuthCode" }],
    });
    // Not invited: not a user of the portal yet.
    expect((await api.ownPatch([{ op: "replace", path: "/firstName", value: "Someone" }], asDirector(d!))).status).toBe(401);
    expect((await api.start(asDirector(d!))).status).toBe(401);
    // Behind the door, the status machine refuses as well (a session made before would get no further).
    const as = (x: { id: number; email: string }) => ({ type: "DV_Director" as const, email: x.email, directorId: x.id, clientId: client.id, via: "test-user" as const });
    const db = await getDb();
    await expect(patchOwnDirector({ db, user: as(d!), operations: [{ op: "replace", path: "/firstName", value: "Someone" }] })).rejects.toMatchObject({ code: "conflict", messageKey: "notInvitedYet" });
    await expect(startIdentityCheck({ db, user: as(d!) })).rejects.toMatchObject({ code: "conflict", messageKey: "notInvitedYet" });
    await expect(patchOwnDirector({ db, user: as(e!), operations: [{ op: "add", path: "/companiesHouseCode", value: "ABC12345678" }] })).rejects.toMatchObject({ code: "conflict", messageKey: "notInvitedYet" });
    expect((await directorRow(e!.id)).status).toBe("AwaitingAuthCode");
    expect((await directorRow(d!.id)).sessionID).toBeNull();
  });
});

// Staff decide a manual review and re-open a rejected director: the review and reopen routes
// against real PostgreSQL, through the status machine (lib/domain/director-lifecycle.ts), then on
// to the director's own routes (the personal code, evidence uploads) to see the journey resume.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { auditEntries, clients, directors, notifications, type Director, type NewClient, type NewDirector } from "@/db/schema";
import { POST as reviewRoute } from "@/app/api/admin/director-verification/directors/[id]/review/route";
import { POST as reopenRoute } from "@/app/api/admin/director-verification/directors/[id]/reopen/route";
import { PATCH as ownDirectorPatch } from "@/app/api/director-verification/director/route";
import { POST as uploadRoute } from "@/app/api/director-verification/director/file/route";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { resetStorage } from "@/lib/integrations/storage";
import messages from "@/messages/en-GB.json";
import { completeDetails, insertClientWithDirectors } from "../support/factories";
import { apiRequest, jsonRequest, ORIGIN, routeParams, TEST_IP } from "./support/requests";
import { anonymous, asAdmin, asContact, asDirector } from "./support/test-users";
import { setupTestDb } from "./support/setup-test-db";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "review-it-"));
setupTestDb({ env: { DATA_DIR: dataDir } });

beforeAll(() => resetStorage());
afterAll(() => {
  resetStorage();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Headers = Record<string, string>;

const review = (id: number, body: unknown, headers: Headers = asAdmin()) =>
  reviewRoute(jsonRequest(`/api/admin/director-verification/directors/${id}/review`, body, { headers }), routeParams({ id }));
const reopen = (id: number, body: unknown, headers: Headers = asAdmin()) =>
  reopenRoute(jsonRequest(`/api/admin/director-verification/directors/${id}/reopen`, body, { headers }), routeParams({ id }));
const enterCode = (d: Director, code: string) =>
  ownDirectorPatch(
    apiRequest("/api/director-verification/director", { method: "PATCH", headers: asDirector(d), body: [{ op: "replace", path: "/companiesHouseCode", value: code }], contentType: "application/json-patch+json" }),
  );

const PDF = Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
function upload(d: Director, fileType: "Name" | "Address") {
  const form = new FormData();
  form.append("file", new File([PDF as BlobPart], `${fileType}.pdf`, { type: "application/pdf" }));
  return uploadRoute(
    new Request(`${ORIGIN}/api/director-verification/director/file?fileType=${fileType}`, {
      method: "POST",
      headers: { "user-agent": "jest", [CLIENT_ADDRESS_HEADER]: TEST_IP, ...asDirector(d) },
      body: form,
    }),
  );
}

const REASON = "Passport checked by video call with the director.";

/** One director of a client of their own, with their details saved and invited. */
async function oneDirector(values: Partial<NewDirector>, client: Partial<NewClient> = { status: "InProgress" }) {
  const { client: c, directors: [d] } = await insertClientWithDirectors(await getDb(), { client, directors: [{ ...completeDetails(), ...values }] });
  return { client: c, director: d! };
}

async function stored(id: number) {
  const [row] = await (await getDb()).select().from(directors).where(eq(directors.id, id));
  return row!;
}

/** The emails queued to `to`: subject and text. */
async function emailsTo(to: string): Promise<{ subject: string; text: string }[]> {
  const res = await (await getDb()).execute(sql`select data->>'subject' as subject, data->>'text' as text from pgboss.job where name = 'email.send' and data->>'to' = ${to} order by created_on`);
  return res.rows as { subject: string; text: string }[];
}

async function auditOf(directorId: number) {
  return (await getDb()).select().from(auditEntries).where(eq(auditEntries.directorId, directorId));
}

describe("POST /api/admin/director-verification/directors/{id}/review", () => {
  it("approves a manual review: Verified then AwaitingAuthCode; the code then completes the director and the client", async () => {
    const { client, director } = await oneDirector({ status: "UnderReview", verificationCompletedAt: new Date() });
    const res = await review(director.id, { decision: "approve", reason: REASON });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, status: "AwaitingAuthCode" });

    const row = await stored(director.id);
    expect(row).toMatchObject({ status: "AwaitingAuthCode", statusOverride: null, evidenceOutstanding: [] });
    expect(row.checkPassedAt).toBeInstanceOf(Date);

    const audit = await auditOf(director.id);
    const statusEntry = audit.find((a) => a.action === "Changed status");
    expect(statusEntry).toMatchObject({ oldValue: { status: "UnderReview" }, newValue: { status: "AwaitingAuthCode", event: "reviewApproved", via: "Verified", reason: REASON } });
    const decided = audit.find((a) => a.action === "Review decided");
    expect(decided).toMatchObject({ user: "admin@portal.example", ip: TEST_IP, newValue: { decision: "approve", reason: REASON, status: "AwaitingAuthCode", via: "Verified" } });

    const mails = await emailsTo(director.email);
    expect(mails.map((m) => m.subject)).toEqual([messages.email.personalCodeRequest.subject]);
    const notes = await (await getDb()).select().from(notifications).where(eq(notifications.directorId, director.id));
    expect(notes.map((n) => n.message)).toEqual([expect.stringContaining("approved after review by admin@portal.example")]);

    // The journey resumes: the personal code completes the director, and the client with them.
    const code = await enterCode(row, "RH4K7Q2XM9T");
    expect(code.status).toBe(200);
    expect(await code.json()).toMatchObject({ status: "Complete", nextStep: "done" });
    expect((await stored(director.id)).status).toBe("Complete");
    const [c] = await (await getDb()).select().from(clients).where(eq(clients.id, client.id));
    expect(c!.status).toBe("Completed");
  });

  it("approves a director whose UnderReview is an override, ending the override", async () => {
    const { director } = await oneDirector({ status: "UnderReview", statusOverride: "UnderReview", statusOriginal: "AwaitingIDInfo", statusOverrideReason: "Documents to be checked by hand" });
    expect((await review(director.id, { decision: "approve", reason: REASON })).status).toBe(200);
    expect(await stored(director.id)).toMatchObject({ status: "AwaitingAuthCode", statusOverride: null, statusOriginal: null, statusOverrideReason: null });
  });

  it("asks for two kinds of evidence: OutstandingIDInfo until both are uploaded, then UnderReview", async () => {
    const { director } = await oneDirector({ status: "UnderReview", formerNames: ["Sophie Marsh"] });
    const res = await review(director.id, { decision: "request-evidence", reason: REASON, evidenceNeeded: ["Name", "Address"] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, status: "OutstandingIDInfo" });
    const row = await stored(director.id);
    expect(row).toMatchObject({ status: "OutstandingIDInfo", evidenceOutstanding: ["Name", "Address"] });
    expect((await auditOf(director.id)).find((a) => a.action === "Review decided")?.newValue).toMatchObject({ decision: "request-evidence", reason: REASON, evidenceNeeded: ["Name", "Address"] });

    const [mail] = await emailsTo(director.email);
    expect(mail!.subject).toBe(messages.email.reviewDecision.evidenceSubject);
    expect(mail!.text).toContain("Please upload proof of a change of name and proof of address.");
    expect(mail!.text).not.toContain(REASON);

    expect((await upload(row, "Name")).status).toBe(201);
    expect(await stored(director.id)).toMatchObject({ status: "OutstandingIDInfo", evidenceOutstanding: ["Address"] });
    expect((await upload(row, "Address")).status).toBe(201);
    expect(await stored(director.id)).toMatchObject({ status: "UnderReview", evidenceOutstanding: [] });
  });

  it("decides again on a director with outstanding ID info", async () => {
    const { director } = await oneDirector({ status: "OutstandingIDInfo", evidenceOutstanding: ["Address"] });
    expect((await review(director.id, { decision: "approve", reason: REASON })).status).toBe(200);
    expect(await stored(director.id)).toMatchObject({ status: "AwaitingAuthCode", evidenceOutstanding: [] });
  });

  it("rejects: Rejected, the director told to contact support", async () => {
    const { director } = await oneDirector({ status: "UnderReview" });
    const res = await review(director.id, { decision: "reject", reason: "The document photo does not match the selfie." });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, status: "Rejected" });
    expect((await stored(director.id)).status).toBe("Rejected");
    const [mail] = await emailsTo(director.email);
    expect(mail!.subject).toBe(messages.email.reviewDecision.rejectedSubject);
    expect(mail!.text).toContain("contact our support team");
  });

  it.each([
    ["a reason of 10 characters", { decision: "approve", reason: "Too short." }, { reason: ["reasonTooShort"] }],
    ["no reason", { decision: "approve" }, { reason: ["reasonRequired"] }],
    ["no decision", { reason: REASON }, { decision: ["decisionRequired"] }],
    ["an unknown decision", { decision: "maybe", reason: REASON }, { decision: ["decisionRequired"] }],
    ["request-evidence without kinds", { decision: "request-evidence", reason: REASON }, { evidenceNeeded: ["evidenceNeededRequired"] }],
    ["request-evidence with no kind", { decision: "request-evidence", reason: REASON, evidenceNeeded: [] }, { evidenceNeeded: ["evidenceNeededRequired"] }],
    ["an unknown kind", { decision: "request-evidence", reason: REASON, evidenceNeeded: ["Passport"] }, { "evidenceNeeded.0": ["invalidValue"] }],
    ["kinds with approve", { decision: "approve", reason: REASON, evidenceNeeded: ["Name"] }, { evidenceNeeded: ["evidenceNeededNotAllowed"] }],
  ])("refuses %s with 400, changing nothing", async (_label, body, fields) => {
    const { director } = await oneDirector({ status: "UnderReview" });
    const res = await review(director.id, body);
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual(fields);
    expect((await stored(director.id)).status).toBe("UnderReview");
    expect(await emailsTo(director.email)).toEqual([]);
  });

  it("refuses a decision on a director who is not under review with 400 naming the allowed moves", async () => {
    const { director } = await oneDirector({ status: "AwaitingIDInfo" });
    const res = await review(director.id, { decision: "approve", reason: REASON });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe(messages.apiErrors.reviewNotOpen);
    expect(body.fields).toEqual({ status: ["reviewNotOpen"] });
    expect(body.allowed).toEqual(expect.arrayContaining([messages.lifecycle.directorEvents.overrideSet]));
    expect(body.allowed).not.toContain(messages.lifecycle.directorEvents.reviewApproved);
    expect((await stored(director.id)).status).toBe("AwaitingIDInfo");
    expect(await auditOf(director.id)).toEqual([]);
    expect(await emailsTo(director.email)).toEqual([]);
  });

  it("answers 403 to anyone but staff, 401 without a session, 403 cross-site, 404 for no director, 409 for a deleted one", async () => {
    const { client, director } = await oneDirector({ status: "UnderReview" });
    expect((await review(director.id, { decision: "approve", reason: REASON }, asDirector(director))).status).toBe(403);
    expect((await review(director.id, { decision: "approve", reason: REASON }, asContact(client))).status).toBe(403);
    expect((await review(director.id, { decision: "approve", reason: REASON }, anonymous)).status).toBe(401);
    expect((await review(director.id, { decision: "approve", reason: REASON }, { ...asAdmin(), origin: "https://evil.example" })).status).toBe(403);
    expect((await stored(director.id)).status).toBe("UnderReview");
    expect((await review(99_999_999, { decision: "approve", reason: REASON })).status).toBe(404);

    const { director: gone } = await oneDirector({ status: "UnderReview", isDeleted: true, deleteReason: "Left the company" });
    expect((await review(gone.id, { decision: "approve", reason: REASON })).status).toBe(409);
  });
});

describe("POST /api/admin/director-verification/directors/{id}/reopen", () => {
  it("re-opens a director rejected after 3 failed checks: attempts 0, AwaitingIDInfo, emailed", async () => {
    const { client, director } = await oneDirector({ status: "Rejected", idvFailedAttempts: 3 });
    const res = await reopen(director.id, { reason: "The director called: their passport was damaged." });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, status: "AwaitingIDInfo" });
    expect(await stored(director.id)).toMatchObject({ status: "AwaitingIDInfo", idvFailedAttempts: 0 });

    const audit = await auditOf(director.id);
    expect(audit.find((a) => a.action === "Changed status")).toMatchObject({ newValue: { status: "AwaitingIDInfo", event: "reopened", reason: "The director called: their passport was damaged." } });
    expect(audit.find((a) => a.action === "Director re-opened")).toMatchObject({ oldValue: { status: "Rejected", idvFailedAttempts: 3 }, newValue: { status: "AwaitingIDInfo", idvFailedAttempts: 0 } });
    const [mail] = await emailsTo(director.email);
    expect(mail!.subject).toBe(messages.email.reviewDecision.reopenedSubject);
    expect(mail!.text).toContain(messages.email.reviewDecision.reopenedCheck);
    const notes = await (await getDb()).select().from(notifications).where(and(eq(notifications.directorId, director.id), eq(notifications.clientId, client.id)));
    expect(notes).toHaveLength(1);
  });

  it("re-opens a director whose check had passed to AwaitingAuthCode", async () => {
    const { director } = await oneDirector({ status: "Rejected", idvFailedAttempts: 3, checkPassedAt: new Date() });
    const res = await reopen(director.id, { reason: "Rejected in error after the review." });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, status: "AwaitingAuthCode" });
    expect(await stored(director.id)).toMatchObject({ status: "AwaitingAuthCode", idvFailedAttempts: 0 });
    const [mail] = await emailsTo(director.email);
    expect(mail!.text).toContain(messages.email.reviewDecision.reopenedCode);
  });

  it("refuses a director who is not rejected (400 naming the allowed moves), a short reason, and non-staff", async () => {
    const { client, director } = await oneDirector({ status: "UnderReview" });
    const res = await reopen(director.id, { reason: "Re-open them, please." });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe(messages.apiErrors.reopenNotRejected);
    expect(body.allowed).toContain(messages.lifecycle.directorEvents.reviewApproved);

    const { director: rejected } = await oneDirector({ status: "Rejected", idvFailedAttempts: 3 });
    const short = await reopen(rejected.id, { reason: "Too short." });
    expect(short.status).toBe(400);
    expect((await short.json()).fields).toEqual({ reason: ["reasonTooShort"] });
    expect((await reopen(rejected.id, { reason: REASON }, asContact(client))).status).toBe(403);
    expect((await reopen(rejected.id, { reason: REASON }, asDirector(rejected))).status).toBe(403);
    expect(await stored(rejected.id)).toMatchObject({ status: "Rejected", idvFailedAttempts: 3 });
    expect(await emailsTo(rejected.email)).toEqual([]);
  });
});

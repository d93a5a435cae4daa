// Evidence kept after review, and the upload quota (issue 18 items 5 and 7), through the director's
// and the admin's routes against real PostgreSQL and local-disk storage in a temporary DATA_DIR.
// A director's "delete" removes an upload (row and bytes) only before review; after it the file is
// hidden from the director and kept for the retention period (admins still download it, marked as
// withdrawn), and the retention job deletes it with the rest. Uploads past EVIDENCE_MAX_FILES or
// EVIDENCE_MAX_BYTES are refused with the limit in the message, and nothing is stored.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { auditEntries, directorFiles, directors, type Director, type NewDirector } from "@/db/schema";
import { GET as adminFileRoute } from "@/app/api/admin/director-verification/directors/[id]/file/[fileId]/route";
import { POST as reviewRoute } from "@/app/api/admin/director-verification/directors/[id]/review/route";
import { GET as sovRoute } from "@/app/api/admin/director-verification/directors/[id]/sov-info/route";
import { POST as uploadRoute } from "@/app/api/director-verification/director/file/route";
import { DELETE as deleteRoute, GET as getRoute } from "@/app/api/director-verification/director/file/[id]/route";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { resetStorage } from "@/lib/integrations/storage";
import { deleteExpiredEvidenceJob } from "@/lib/jobs/definitions/delete-expired-evidence";
import { listOwnDirectorFiles } from "@/lib/server/directors/list-own-director-files";
import { completeDetails, insertClientWithDirectors } from "../support/factories";
import { apiRequest, jsonRequest, ORIGIN, routeParams, TEST_IP } from "./support/requests";
import { asAdmin, asDirector } from "./support/test-users";
import { setupTestDb } from "./support/setup-test-db";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "evidence-kept-it-"));
const filesDir = path.join(dataDir, "files");
const MAX_FILES = 3;
const MAX_BYTES = 4096;

setupTestDb({ env: { DATA_DIR: dataDir, EVIDENCE_MAX_FILES: String(MAX_FILES), EVIDENCE_MAX_BYTES: String(MAX_BYTES) } });

beforeAll(() => resetStorage());
afterAll(() => {
  resetStorage();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Headers = Record<string, string>;
const PDF = Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const pdfOf = (size: number) => Buffer.concat([PDF, Buffer.alloc(Math.max(0, size - PDF.length), 0x20)]);

async function upload(d: Director, name: string, bytes: Buffer = PDF, fileType: "Name" | "Address" = "Address") {
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], name, { type: "application/pdf" }));
  const res = await uploadRoute(
    new Request(`${ORIGIN}/api/director-verification/director/file?fileType=${fileType}`, { method: "POST", headers: { "user-agent": "jest", [CLIENT_ADDRESS_HEADER]: TEST_IP, ...asDirector(d) }, body: form }),
  );
  return { status: res.status, body: (await res.json()) as { id: number; message?: string; error?: string } };
}

const fileRequest = (id: number, headers: Headers, method = "GET") =>
  new Request(`${ORIGIN}/api/director-verification/director/file/${id}`, { method, headers: { "user-agent": "jest", [CLIENT_ADDRESS_HEADER]: TEST_IP, ...headers } });
const remove = (d: Director, id: number) => deleteRoute(fileRequest(id, asDirector(d), "DELETE"), routeParams({ id }));
const directorGet = (d: Director, id: number) => getRoute(fileRequest(id, asDirector(d)), routeParams({ id }));
const adminGet = (d: Director, fileId: number) =>
  adminFileRoute(apiRequest(`/api/admin/director-verification/directors/${d.id}/file/${fileId}`, { headers: asAdmin() }), routeParams({ id: d.id, fileId }));

async function oneDirector(values: Partial<NewDirector>) {
  const { directors: [d] } = await insertClientWithDirectors(await getDb(), { client: { status: "InProgress" }, directors: [{ ...completeDetails(), ...values }] });
  return d!;
}

async function row(fileId: number) {
  const [r] = await (await getDb()).select().from(directorFiles).where(eq(directorFiles.id, fileId));
  return r!;
}
const onDisk = async (fileId: number) => fs.existsSync(path.join(filesDir, (await row(fileId)).storageKey));
const ownList = async (d: Director) => listOwnDirectorFiles({ db: await getDb(), user: { type: "DV_Director", email: d.email, clientId: d.clientId, directorId: d.id, via: "test-user" } });
const auditActions = async (d: Director, action: string) =>
  (await getDb()).select().from(auditEntries).where(and(eq(auditEntries.directorId, d.id), eq(auditEntries.action, action)));

describe("DELETE /api/director-verification/director/file/{id}: evidence kept after review", () => {
  it("before review (AwaitingIDInfo, nothing reviewed yet) withdraws the upload: row marked deleted, bytes removed", async () => {
    const d = await oneDirector({ status: "AwaitingIDInfo" });
    const file = await upload(d, "wrong.pdf");
    expect(file.status).toBe(201);
    expect((await ownList(d)).map((f) => [f.id, f.withdrawable])).toEqual([[file.body.id, true]]);
    expect(await onDisk(file.body.id)).toBe(true);

    expect((await remove(d, file.body.id)).status).toBe(204);
    expect(await row(file.body.id)).toMatchObject({ isDeleted: true, deleteReason: "Withdrawn by the director", hiddenAt: null });
    expect(await onDisk(file.body.id)).toBe(false);
    expect(await auditActions(d, "EvidenceDeleted")).toHaveLength(1);
    expect((await adminGet(d, file.body.id)).status).toBe(404);
  });

  it("after review (UnderReview) hides the upload from the director but keeps row and bytes; admins still download it, marked as withdrawn", async () => {
    const d = await oneDirector({ status: "UnderReview" });
    const file = await upload(d, "statement.pdf");
    expect(file.status).toBe(201);
    expect((await ownList(d)).map((f) => f.withdrawable)).toEqual([false]);

    expect((await remove(d, file.body.id)).status).toBe(204);
    const kept = await row(file.body.id);
    expect(kept.isDeleted).toBe(false);
    expect(kept.hiddenAt).toBeInstanceOf(Date);
    expect(await onDisk(file.body.id)).toBe(true);
    const hidden = await auditActions(d, "EvidenceHiddenByDirector");
    expect(hidden).toHaveLength(1);
    expect(hidden[0]!.oldValue).toMatchObject({ fileId: file.body.id, fileName: "statement.pdf", sha256: kept.sha256 });
    expect(await auditActions(d, "EvidenceDeleted")).toHaveLength(0);

    // Gone for the director: not listed, download and a second delete 404.
    expect(await ownList(d)).toEqual([]);
    expect((await directorGet(d, file.body.id)).status).toBe(404);
    expect((await remove(d, file.body.id)).status).toBe(404);

    // Kept for staff: the download works and the evidence pack marks it.
    const admin = await adminGet(d, file.body.id);
    expect(admin.status).toBe(200);
    expect(Buffer.from(await admin.arrayBuffer())).toEqual(PDF);
    const sov = await sovRoute(apiRequest(`/api/admin/director-verification/directors/${d.id}/sov-info`, { headers: asAdmin() }), routeParams({ id: d.id }));
    const pack = (await sov.json()) as { files: { id: number; withdrawnByDirectorAt: string | null }[] };
    expect(pack.files).toEqual([expect.objectContaining({ id: file.body.id, withdrawnByDirectorAt: kept.hiddenAt!.toISOString() })]);
  });

  it("after a review asked for more evidence (OutstandingIDInfo): what the reviewer could see is kept, what came after is withdrawn", async () => {
    const d = await oneDirector({ status: "UnderReview", invitedAt: new Date() });
    const before = await upload(d, "first-statement.pdf");
    expect(before.status).toBe(201);
    const decided = await reviewRoute(
      jsonRequest(`/api/admin/director-verification/directors/${d.id}/review`, { decision: "request-evidence", reason: "The statement is older than three months.", evidenceNeeded: ["Address"] }, { headers: asAdmin() }),
      routeParams({ id: d.id }),
    );
    expect(decided.status).toBe(200);
    const [asked] = await (await getDb()).select({ status: directors.status }).from(directors).where(eq(directors.id, d.id));
    expect(asked!.status).toBe("OutstandingIDInfo");
    // The director is OutstandingIDInfo: the first file was there during the review.
    const listed = await ownList(d);
    expect(listed.map((f) => [f.id, f.withdrawable])).toEqual([[before.body.id, false]]);

    expect((await remove(d, before.body.id)).status).toBe(204);
    expect(await row(before.body.id)).toMatchObject({ isDeleted: false });
    expect(await onDisk(before.body.id)).toBe(true);
    expect((await adminGet(d, before.body.id)).status).toBe(200);

    // A Name proof (not asked) leaves them OutstandingIDInfo, and no review has seen it: withdrawable.
    const after = await upload(d, "deed-poll.pdf", PDF, "Name");
    expect(after.status).toBe(201);
    expect((await ownList(d)).map((f) => [f.id, f.withdrawable])).toEqual([[after.body.id, true]]);
    expect((await remove(d, after.body.id)).status).toBe(204);
    expect(await row(after.body.id)).toMatchObject({ isDeleted: true });
    expect(await onDisk(after.body.id)).toBe(false);
  });

  it("the retention job still deletes a hidden file, bytes and row, at the end of retention", async () => {
    const d = await oneDirector({ status: "UnderReview" });
    const file = await upload(d, "kept.pdf");
    expect((await remove(d, file.body.id)).status).toBe(204);
    const key = (await row(file.body.id)).storageKey;
    const db = await getDb();
    await db.update(directors).set({ verificationCompletedAt: new Date(Date.UTC(2000, 0, 1)) }).where(eq(directors.id, d.id));
    await deleteExpiredEvidenceJob.run({}, { db, jobId: "evidence-kept-test", attempt: 1 });
    expect(await db.select().from(directorFiles).where(eq(directorFiles.id, file.body.id))).toEqual([]);
    expect(fs.existsSync(path.join(filesDir, key))).toBe(false);
  });
});

describe("POST /api/director-verification/director/file: the upload quota", () => {
  it(`refuses the upload after ${MAX_FILES} files with 409 naming the limit, storing nothing; hidden files still count, withdrawn ones do not`, async () => {
    const d = await oneDirector({ status: "AwaitingIDInfo" });
    const ids: number[] = [];
    for (let i = 0; i < MAX_FILES; i++) {
      const res = await upload(d, `doc-${i}.pdf`);
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const names = fs.readdirSync(filesDir).length;
    const over = await upload(d, "one-too-many.pdf");
    expect(over.status).toBe(409);
    expect(over.body.error).toBe("conflict");
    expect(over.body.message).toContain(`${MAX_FILES} documents`);
    expect(fs.readdirSync(filesDir).length).toBe(names);
    expect(await (await getDb()).select().from(directorFiles).where(eq(directorFiles.directorId, d.id))).toHaveLength(MAX_FILES);

    // Withdrawn before review: it no longer counts, so one more fits.
    expect((await remove(d, ids[0]!)).status).toBe(204);
    expect((await upload(d, "replacement.pdf")).status).toBe(201);
    expect((await upload(d, "again-too-many.pdf")).status).toBe(409);
  });

  it("counts a file the director hid after review (it is kept)", async () => {
    const d = await oneDirector({ status: "UnderReview" });
    const ids: number[] = [];
    for (let i = 0; i < MAX_FILES; i++) ids.push((await upload(d, `doc-${i}.pdf`)).body.id);
    expect((await remove(d, ids[0]!)).status).toBe(204);
    expect((await upload(d, "one-too-many.pdf")).status).toBe(409);
  });

  it(`refuses an upload that would take the director past ${MAX_BYTES} bytes, storing nothing`, async () => {
    const d = await oneDirector({ status: "AwaitingIDInfo" });
    expect((await upload(d, "big.pdf", pdfOf(3000))).status).toBe(201);
    const names = fs.readdirSync(filesDir).length;
    const over = await upload(d, "another.pdf", pdfOf(1500));
    expect(over.status).toBe(409);
    expect(over.body.message).toContain("4 KB");
    expect(fs.readdirSync(filesDir).length).toBe(names);
    // A small one still fits.
    expect((await upload(d, "small.pdf", pdfOf(500))).status).toBe(201);
  });
});

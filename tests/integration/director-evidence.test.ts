// Evidence uploads by directors: the upload route against real PostgreSQL and local-disk storage in
// a temporary DATA_DIR. Attacks (a renamed executable, an oversize body declared or streamed, `../`
// names, another director's file id) must be refused with nothing stored; a good upload at
// OutstandingIDInfo moves the director back to UnderReview and notifies admins.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { auditEntries, directorFiles, directors, notifications, type Director } from "@/db/schema";
import { POST as uploadRoute } from "@/app/api/director-verification/director/file/route";
import { DELETE as deleteRoute, GET as getRoute } from "@/app/api/director-verification/director/file/[id]/route";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { resetStorage } from "@/lib/integrations/storage";
import { insertClientWithDirectors } from "../support/factories";
import { ORIGIN, routeParams, TEST_IP } from "./support/requests";
import { asAdmin, asContact, asDirector } from "./support/test-users";
import { setupTestDb } from "./support/setup-test-db";
import { servedHeaders } from "./support/served";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "evidence-it-"));
const filesDir = path.join(dataDir, "files");
const LIMIT = 64 * 1024;

setupTestDb({ env: { DATA_DIR: dataDir, UPLOAD_MAX_BYTES: String(LIMIT) } });

beforeAll(() => resetStorage());
afterAll(() => {
  resetStorage();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const PDF = Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const EXE = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(64, 0)]);

type Headers = Record<string, string>;
const base = (headers: Headers): Headers => ({ "user-agent": "jest", [CLIENT_ADDRESS_HEADER]: TEST_IP, ...headers });

function multipart(bytes: Uint8Array, fileName: string, type = "application/pdf"): FormData {
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], fileName, { type }));
  return form;
}

function upload(headers: Headers, body: BodyInit, fileType = "Address", extra: Headers = {}) {
  return uploadRoute(new Request(`${ORIGIN}/api/director-verification/director/file?fileType=${fileType}`, { method: "POST", headers: base({ ...headers, ...extra }), body }));
}

const fileRequest = (id: number | string, headers: Headers, method = "GET") =>
  new Request(`${ORIGIN}/api/director-verification/director/file/${id}`, { method, headers: base(headers) });

/** What is stored: the director's file rows and the names in the storage folder. */
async function stored(directorId: number) {
  const rows = await (await getDb()).select().from(directorFiles).where(eq(directorFiles.directorId, directorId));
  const names = fs.existsSync(filesDir) ? fs.readdirSync(filesDir).sort() : [];
  return { rows: rows.length, names };
}

async function makeDirectors(...values: Partial<Director>[]) {
  const { directors: rows } = await insertClientWithDirectors(await getDb(), { directors: values.length ? values : [{}] });
  return rows;
}

describe("POST /api/director-verification/director/file", () => {
  it("asked for two kinds, the director stays OutstandingIDInfo after the first upload and moves on after the second", async () => {
    const [d] = await makeDirectors({ status: "OutstandingIDInfo", formerNames: ["Sophie Marsh"], evidenceOutstanding: ["Name", "Address"] });
    expect((await upload(asDirector(d!), multipart(PNG, "certificate.png", "image/png"), "Name")).status).toBe(201);
    const db = await getDb();
    const [mid] = await db.select().from(directors).where(eq(directors.id, d!.id));
    expect(mid).toMatchObject({ status: "OutstandingIDInfo", evidenceOutstanding: ["Address"] });
    expect((await upload(asDirector(d!), multipart(PDF, "statement.pdf"), "Address")).status).toBe(201);
    const [after] = await db.select().from(directors).where(eq(directors.id, d!.id));
    expect(after).toMatchObject({ status: "UnderReview", evidenceOutstanding: [] });
  });

  it("stores a PDF under a server-chosen name with its SHA-256 and answers the director file", async () => {
    const [d] = await makeDirectors({ status: "UnderReview" });
    const res = await upload(asDirector(d!), multipart(PDF, "Bank statement.pdf"));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ directorId: d!.id, fileName: "Bank statement.pdf", fileType: "Address", contentType: "application/pdf", sizeBytes: PDF.length, sha256: createHash("sha256").update(PDF).digest("hex") });
    expect(body.file).toBe(`/api/director-verification/director/file/${body.id}`);
    expect(body).not.toHaveProperty("storageKey");
    const [row] = await (await getDb()).select().from(directorFiles).where(eq(directorFiles.id, body.id));
    expect(row!.storageKey).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(fs.readFileSync(path.join(filesDir, row!.storageKey))).toEqual(PDF);
    // Not at OutstandingIDInfo: the status stays.
    const [after] = await (await getDb()).select({ status: directors.status }).from(directors).where(eq(directors.id, d!.id));
    expect(after!.status).toBe("UnderReview");
  });

  it("at OutstandingIDInfo, the last kind asked moves the director back to UnderReview (settling an override) and notifies admins, once", async () => {
    const [d] = await makeDirectors({
      status: "OutstandingIDInfo",
      statusOverride: "OutstandingIDInfo",
      statusOverrideReason: "Need proof of the change of name",
      statusOriginal: "UnderReview",
      formerNames: ["Sophie Marsh"],
      evidenceOutstanding: ["Name"],
    });
    const res = await upload(asDirector(d!), multipart(PNG, "marriage-certificate.png", "image/png"), "Name");
    expect(res.status).toBe(201);
    const db = await getDb();
    const [after] = await db.select().from(directors).where(eq(directors.id, d!.id));
    expect(after).toMatchObject({ status: "UnderReview", statusOverride: null, statusOverrideReason: null, statusOriginal: null });
    const notes = await db.select().from(notifications).where(eq(notifications.directorId, d!.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toContain(d!.name);
    expect(notes[0]!.message).toContain("Proof of a change of name");
    const audit = await db.select().from(auditEntries).where(eq(auditEntries.directorId, d!.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["Changed status", "Changed statusOriginal", "Changed statusOverride", "Changed statusOverrideReason", "EvidenceUploaded"]);

    // A second upload finds UnderReview: no new transition, no new notification.
    expect((await upload(asDirector(d!), multipart(PDF, "deed-poll.pdf"), "Name")).status).toBe(201);
    expect(await db.select().from(notifications).where(eq(notifications.directorId, d!.id))).toHaveLength(1);
  });

  it("refuses a renamed executable, an empty file and a missing field, storing nothing", async () => {
    const [d] = await makeDirectors({ status: "OutstandingIDInfo" });
    const before = await stored(d!.id);
    const exe = await upload(asDirector(d!), multipart(EXE, "proof-of-address.pdf", "application/pdf"));
    expect(exe.status).toBe(400);
    expect((await exe.json()).fields).toEqual({ file: ["fileType"] });
    const html = await upload(asDirector(d!), multipart(Buffer.from("<html><script>alert(1)</script>"), "statement.png", "image/png"));
    expect(html.status).toBe(400);
    expect((await upload(asDirector(d!), multipart(Buffer.alloc(0), "empty.pdf"))).status).toBe(400);
    const noFile = new FormData();
    noFile.append("other", "x");
    expect((await upload(asDirector(d!), noFile)).status).toBe(400);
    expect((await upload(asDirector(d!), "not multipart", "Address", { "content-type": "text/plain" })).status).toBe(400);
    expect(await stored(d!.id)).toEqual(before);
    const [after] = await (await getDb()).select({ status: directors.status }).from(directors).where(eq(directors.id, d!.id));
    expect(after!.status).toBe("OutstandingIDInfo");
  });

  it("refuses a declared oversize body with 413 without reading it", async () => {
    const [d] = await makeDirectors({ status: "OutstandingIDInfo" });
    const before = await stored(d!.id);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const res = await uploadRoute(
      new Request(`${ORIGIN}/api/director-verification/director/file?fileType=Address`, {
        method: "POST",
        headers: base({ ...asDirector(d!), "content-type": "multipart/form-data; boundary=x", "content-length": String(20 * 1024 * 1024) }),
        body,
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe("too_large");
    // The stream may be primed by the runtime, but nothing near the declared size was read.
    expect(pulled).toBeLessThanOrEqual(1);
    expect(await stored(d!.id)).toEqual(before);
  });

  it("refuses an oversize body sent without a length with 413 once the limit is passed, and an oversize file in a small-enough body", async () => {
    const [d] = await makeDirectors({ status: "OutstandingIDInfo" });
    const before = await stored(d!.id);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 8 * 1024;
        controller.enqueue(new Uint8Array(8 * 1024).fill(0x41));
        if (sent > 10 * LIMIT) controller.close();
      },
    });
    const res = await uploadRoute(
      new Request(`${ORIGIN}/api/director-verification/director/file?fileType=Address`, {
        method: "POST",
        headers: base({ ...asDirector(d!), "content-type": "multipart/form-data; boundary=x" }),
        body,
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(10 * LIMIT);

    // Just over the limit, inside the allowance for multipart framing: the file itself is too large.
    const big = Buffer.concat([PDF, Buffer.alloc(LIMIT, 0x20)]);
    expect((await upload(asDirector(d!), multipart(big, "big.pdf"))).status).toBe(413);
    expect(await stored(d!.id)).toEqual(before);
  });

  it("keeps only the base name of a ../ file name as display text; the bytes go under a server key in the storage folder", async () => {
    const [d] = await makeDirectors({ status: "UnderReview" });
    const outside = path.join(dataDir, "passwd");
    const res = await upload(asDirector(d!), multipart(PDF, "../../passwd"));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.fileName).toBe("passwd");
    expect(fs.existsSync(outside)).toBe(false);
    const [row] = await (await getDb()).select().from(directorFiles).where(eq(directorFiles.id, body.id));
    expect(path.dirname(path.join(filesDir, row!.storageKey))).toBe(filesDir);
    expect(row!.storageKey).not.toContain("passwd");
  });

  it("is for directors only, and refuses an unknown file type and a finished verification", async () => {
    const [d] = await makeDirectors({ status: "Complete" });
    const before = await stored(d!.id);
    expect((await upload(asAdmin(), multipart(PDF, "a.pdf"))).status).toBe(403);
    expect((await upload(asContact(), multipart(PDF, "a.pdf"))).status).toBe(403);
    expect((await upload({}, multipart(PDF, "a.pdf"))).status).toBe(401);
    expect((await upload(asDirector(d!), multipart(PDF, "a.pdf"), "YotiId")).status).toBe(400);
    expect((await upload(asDirector(d!), multipart(PDF, "a.pdf"))).status).toBe(409);
    expect(await stored(d!.id)).toEqual(before);
  });
});

describe("GET / DELETE /api/director-verification/director/file/{id}", () => {
  it("serves the director's own file as an attachment with nosniff; another director's id is 404 and is not deleted", async () => {
    const [a, b] = await makeDirectors({ status: "UnderReview" }, { status: "UnderReview" });
    const created = await (await upload(asDirector(a!), multipart(PDF, 'Deed "poll".pdf'), "Name")).json();

    const own = await getRoute(fileRequest(created.id, asDirector(a!)), routeParams({ id: created.id }));
    expect(own.status).toBe(200);
    expect(own.headers.get("content-disposition")).toMatch(/^attachment; /);
    expect(own.headers.get("x-content-type-options")).toBe("nosniff");
    expect(own.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await own.arrayBuffer())).toEqual(PDF);
    // As sent behind the proxy: the download keeps its own sandbox policy over the site's.
    const served = servedHeaders(`/api/director-verification/director/file/${created.id}`, own);
    expect(served.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(served.get("content-disposition")).toMatch(/^attachment; /);
    expect(served.get("x-content-type-options")).toBe("nosniff");

    expect((await getRoute(fileRequest(created.id, asDirector(b!)), routeParams({ id: created.id }))).status).toBe(404);
    expect((await deleteRoute(fileRequest(created.id, asDirector(b!), "DELETE"), routeParams({ id: created.id }))).status).toBe(404);
    expect((await getRoute(fileRequest(999999999, asDirector(a!)), routeParams({ id: 999999999 }))).status).toBe(404);
    expect((await getRoute(fileRequest("../1", asDirector(a!)), routeParams({ id: "../1" }))).status).toBe(404);
    expect((await getRoute(fileRequest(created.id, asAdmin()), routeParams({ id: created.id }))).status).toBe(403);
    const [row] = await (await getDb()).select().from(directorFiles).where(eq(directorFiles.id, created.id));
    expect(row!.isDeleted).toBe(false);
    expect(fs.existsSync(path.join(filesDir, row!.storageKey))).toBe(true);
  });

  it("before review, deletes the director's own file: the row is marked with an audit entry and the bytes are removed", async () => {
    // (After review a delete only hides the file: tests/integration/director-evidence-kept.test.ts.)
    const [d] = await makeDirectors({ status: "AwaitingIDInfo" });
    const created = await (await upload(asDirector(d!), multipart(PDF, "wrong.pdf"))).json();
    const db = await getDb();
    const [row] = await db.select().from(directorFiles).where(eq(directorFiles.id, created.id));
    const res = await deleteRoute(fileRequest(created.id, asDirector(d!), "DELETE"), routeParams({ id: created.id }));
    expect(res.status).toBe(204);
    const [after] = await db.select().from(directorFiles).where(eq(directorFiles.id, created.id));
    expect(after).toMatchObject({ isDeleted: true, deleteReason: "Withdrawn by the director" });
    expect(fs.existsSync(path.join(filesDir, row!.storageKey))).toBe(false);
    expect(await db.select().from(auditEntries).where(and(eq(auditEntries.directorId, d!.id), eq(auditEntries.action, "EvidenceDeleted")))).toHaveLength(1);
    expect((await getRoute(fileRequest(created.id, asDirector(d!)), routeParams({ id: created.id }))).status).toBe(404);
    expect((await deleteRoute(fileRequest(created.id, asDirector(d!), "DELETE"), routeParams({ id: created.id }))).status).toBe(404);
  });
});

// The evidence pack of a director for admins: GET .../directors/{id}/sov-info (the statement of
// verification record), and GET .../yoti-media/{mediaId} fetching the provider's media through the
// SDK from the Yoti simulator (in-process, port 0) and keeping one copy in file storage.
import { generateKeyPairSync, createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { auditEntries, directorFiles, directors } from "@/db/schema";
import { GET as mediaRoute } from "@/app/api/admin/director-verification/directors/[id]/yoti-media/[mediaId]/route";
import { GET as sovRoute } from "@/app/api/admin/director-verification/directors/[id]/sov-info/route";
import { resetEnvCache } from "@/lib/env";
import { resetStorage } from "@/lib/integrations/storage";
import { sealPersonalCode } from "@/lib/server/directors/personal-code-keys";
import { getYoti, resetYoti } from "@/lib/integrations/yoti";
import { createYotiSimulator, type YotiSimulator } from "@/lib/integrations/yoti/simulator/server";
import { insertAddress, insertAuditEntry, insertCheck, insertClientWithDirectors, insertFile, insertMedia } from "../support/factories";
import { apiRequest, routeParams } from "./support/requests";
import { asAdmin, asDirector, withApiKey } from "./support/test-users";
import { setupTestDb } from "./support/setup-test-db";
import { servedHeaders } from "./support/served";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "evidence-pack-it-"));
const sdkId = randomUUID();
const keys = generateKeyPairSync("rsa", { modulusLength: 2048, privateKeyEncoding: { type: "pkcs1", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
const keyFile = path.join(tmp, "key.pem");
fs.writeFileSync(keyFile, keys.privateKey, { mode: 0o600 });
let simulator: YotiSimulator;
let apiUrl: string;

setupTestDb({ env: { DATA_DIR: tmp, EVIDENCE_RETENTION_YEARS: "7" } });

const yotiEnv = ["YOTI_CLIENT_SDK_ID", "YOTI_KEY_FILE_PATH", "YOTI_IDV_API_URL", "YOTI_WEBHOOK_TOKEN"] as const;
const saved = Object.fromEntries(yotiEnv.map((k) => [k, process.env[k]]));

beforeAll(async () => {
  // The SDK logs every non-2xx answer with console.log; the not-found case here expects one.
  const log = console.log;
  jest.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith("Error getting data from Yoti API")) log(...args);
  });
  simulator = createYotiSimulator({ sdkId, publicKey: keys.publicKey, notificationRetryDelaysMs: [10] });
  ({ apiUrl } = await simulator.listen(0));
  Object.assign(process.env, { YOTI_CLIENT_SDK_ID: sdkId, YOTI_KEY_FILE_PATH: keyFile, YOTI_IDV_API_URL: apiUrl, YOTI_WEBHOOK_TOKEN: `token-${randomUUID()}` });
  resetEnvCache();
  resetYoti();
  resetStorage();
});

afterAll(async () => {
  await simulator?.close();
  for (const k of yotiEnv) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetEnvCache();
  resetYoti();
  resetStorage();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const sov = (id: number | string, headers = asAdmin()) => sovRoute(apiRequest(`/api/admin/director-verification/directors/${id}/sov-info`, { headers }), routeParams({ id }));
const media = (id: number, mediaId: number | string, headers = asAdmin()) =>
  mediaRoute(apiRequest(`/api/admin/director-verification/directors/${id}/yoti-media/${mediaId}`, { headers }), routeParams({ id, mediaId }));

/** A session at the simulator that the person completed with `approve`. */
async function approvedSession(directorId: number) {
  const created = await getYoti().createSession({ directorId: String(directorId), clientSessionTokenTtl: 900 });
  const res = await fetch(`${apiUrl.replace("/idverify/v1", "")}/_simulator/sessions/${created.sessionId}/outcome`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ outcome: "approve" }),
  });
  expect(res.status).toBe(200);
  await simulator.idle();
  return { sessionId: created.sessionId, session: await getYoti().getSession(created.sessionId) };
}

describe("GET /api/admin/director-verification/directors/{id}/sov-info", () => {
  it("holds the statement-of-verification record: person, document, checks, address history, former names, files, dates and who verified", async () => {
    const db = await getDb();
    const completed = new Date("2025-03-14T10:00:00Z");
    const { client, directors: [d] } = await insertClientWithDirectors(db, {
      directors: [
        {
          status: "Complete",
          firstName: "Sophie",
          lastName: "Turner",
          name: "Sophie Turner",
          formerNames: ["Sophie Marsh"],
          formerNameHistory: [{ name: "Sophie Marsh", from: "2010-06-01", to: "2019-05-31" }],
          addressLine1: "2 Quayside Mews",
          city: "Gateshead",
          postcode: "NE8 2BH",
          country: "GB",
          currentAddressStartDate: "2024-09-01",
          verificationCompletedAt: completed,
          dateToCompaniesHouse: "2025-03-15",
        },
      ],
    });
    // The personal code is stored encrypted; the pack shows it to staff in clear.
    await db.update(directors).set({ companiesHouseCode: sealPersonalCode("AB12CD34EF5", d!.id) }).where(eq(directors.id, d!.id));
    await insertAddress(db, { directorId: d!.id, addressLine1: "119 Jesmond Road", city: "Newcastle upon Tyne", postcode: "NE2 1NL", country: "GB", startDate: "2021-01-01", endDate: "2024-08-31" });
    await insertCheck(db, { directorId: d!.id, yotiCheckId: "check-auth-1", type: "ID_DOCUMENT_AUTHENTICITY", state: "DONE", recommendation: "APPROVE", created: completed });
    await insertCheck(db, { directorId: d!.id, yotiCheckId: "check-face-1", type: "ID_DOCUMENT_FACE_MATCH", state: "DONE", recommendation: "APPROVE", created: completed });
    await insertMedia(db, {
      directorId: d!.id,
      yotiMediaId: randomUUID(),
      type: "JSON",
      jsonContent: { document_type: "PASSPORT", issuing_country: "GBR", expiration_date: "2031-09-30", date_of_birth: "1986-07-02", document_number: "533401372", full_name: "Sophie Turner" },
    });
    const file = await insertFile(db, { directorId: d!.id, fileName: "deed-poll.pdf", fileType: "Name", bytes: "%PDF-1.7 deed poll" });
    await insertAuditEntry(db, { auditType: "YotiCompleted", action: "YotiCompleted", entityType: "Director", entityId: String(d!.id), directorId: d!.id, clientId: client.id, user: "system", timestamp: completed });

    const res = await sov(d!.id);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      directorId: d!.id,
      clientId: client.id,
      name: "Sophie Turner",
      firstName: "Sophie",
      lastName: "Turner",
      companyName: client.name,
      dateOfBirth: "1986-07-02",
      formerNames: [{ name: "Sophie Marsh", from: "2010-06-01", to: "2019-05-31" }],
      companiesHouseCode: "AB12CD34EF5",
      dateVerified: "2025-03-14",
      dateToCompaniesHouse: "2025-03-15",
      verifiedBy: { kind: "provider", at: completed.toISOString() },
      documents: [{ type: "PASSPORT", issuingCountry: "GBR", expiry: "2031-09-30", reference: "533401372", dateOfBirth: "1986-07-02" }],
      retainedUntil: "2032-03-14",
      evidenceDeletedAt: null,
    });
    expect(body.checks.map((c: { yotiCheckId: string; recommendation: string }) => [c.yotiCheckId, c.recommendation])).toEqual([
      ["check-auth-1", "APPROVE"],
      ["check-face-1", "APPROVE"],
    ]);
    expect(body.addressHistory).toEqual([
      expect.objectContaining({ addressLine1: "2 Quayside Mews", startDate: "2024-09-01", endDate: null }),
      expect.objectContaining({ addressLine1: "119 Jesmond Road", startDate: "2021-01-01", endDate: "2024-08-31" }),
    ]);
    expect(body.files).toEqual([expect.objectContaining({ id: file.id, fileName: "deed-poll.pdf", sha256: createHash("sha256").update("%PDF-1.7 deed poll").digest("hex") })]);
    expect(JSON.stringify(body)).not.toContain(file.storageKey);

    // An admin's later override to a verified status names that admin.
    await insertAuditEntry(db, { auditType: "DirectorModified", action: "Changed statusOverride", entityType: "Director", entityId: String(d!.id), directorId: d!.id, clientId: client.id, user: "sarah.collins@portal.example", newValue: { statusOverride: "Verified", reason: "Checked the passport in person" } });
    expect((await (await sov(d!.id)).json()).verifiedBy).toMatchObject({ kind: "admin", email: "sarah.collins@portal.example" });

    expect((await sov(d!.id, withApiKey())).status).toBe(200);
    expect((await sov(d!.id, asDirector(d!))).status).toBe(403);
    expect((await sov(999999999)).status).toBe(404);
  });
});

describe("GET /api/admin/director-verification/directors/{id}/yoti-media/{mediaId}", () => {
  it("fetches the provider's image with the SDK, keeps one copy (even when asked several times at once) and serves the copy afterwards", async () => {
    const db = await getDb();
    const { directors: [d, other] } = await insertClientWithDirectors(db, { directors: [{ status: "UnderReview" }, { status: "UnderReview" }] });
    const { sessionId, session } = await approvedSession(d!.id);
    // The director has since started another session: the media's own session is the one asked.
    await db.update(directors).set({ sessionID: randomUUID() }).where(eq(directors.id, d!.id));
    const ref = session.media.find((m) => m.type === "IMAGE" && m.source === "id_document.page")!;
    const row = await insertMedia(db, { directorId: d!.id, yotiMediaId: ref.id, yotiSessionId: sessionId, type: "IMAGE", path: `/sessions/${sessionId}/media/${ref.id}/content`, jsonContent: null });
    const expected = (await getYoti().getMedia(sessionId, ref.id))!;

    const spy = jest.spyOn(getYoti(), "getMedia");
    const answers = await Promise.all([media(d!.id, row.id), media(d!.id, row.id), media(d!.id, row.id)]);
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="yoti-media-[^"]+\.jpg"/);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(expected.bytes);
    }
    // As sent behind the proxy: the download's own sandbox policy, not the site's.
    const served = servedHeaders(`/api/admin/director-verification/directors/${d!.id}/yoti-media/${row.id}`, answers[0]!);
    expect(served.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(served.get("content-disposition")).toMatch(/^attachment; /);
    expect(served.get("x-frame-options")).toBe("DENY");
    expect(served.get("cache-control")).toBe("no-store");
    expect(spy).toHaveBeenCalledTimes(1);

    const kept = await db.select().from(directorFiles).where(and(eq(directorFiles.directorId, d!.id), eq(directorFiles.fileType, "YotiId")));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ contentType: "image/jpeg", sizeBytes: expected.bytes.length, sha256: createHash("sha256").update(expected.bytes).digest("hex") });
    expect(fs.readFileSync(path.join(tmp, "files", kept[0]!.storageKey))).toEqual(expected.bytes);
    expect(await db.select().from(auditEntries).where(and(eq(auditEntries.directorId, d!.id), eq(auditEntries.action, "YotiMediaKept")))).toHaveLength(1);

    // Served from the kept copy: the provider is not asked again.
    expect((await media(d!.id, row.id)).status).toBe(200);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();

    // Only under its own director, and for staff only.
    expect((await media(other!.id, row.id)).status).toBe(404);
    expect((await media(d!.id, row.id, asDirector(d!))).status).toBe(403);
  });

  it("serves the stored JSON when the provider no longer has the item, and 404 when nothing is stored", async () => {
    const db = await getDb();
    const { directors: [d] } = await insertClientWithDirectors(db, { directors: [{ status: "UnderReview", sessionID: randomUUID() }] });
    const json = await insertMedia(db, { directorId: d!.id, yotiMediaId: randomUUID(), type: "JSON", jsonContent: { document_type: "PASSPORT" } });
    const image = await insertMedia(db, { directorId: d!.id, yotiMediaId: randomUUID(), type: "IMAGE", path: "/sessions/x/media/y/content", jsonContent: null });
    const res = await media(d!.id, json.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; /);
    expect(servedHeaders(`/api/admin/director-verification/directors/${d!.id}/yoti-media/${json.id}`, res).get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(JSON.parse(await res.text())).toEqual({ document_type: "PASSPORT" });
    expect((await media(d!.id, image.id)).status).toBe(404);
  });
});

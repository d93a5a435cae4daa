// The director's identity check against the Yoti simulator (in-process, on a free port, with a key
// pair made for this run), through the portal's routes: start, the provider page's outcome, the
// webhook, the page's poll and the expiry sweep. What matters most: a notification without the
// right token changes nothing and asks Yoti nothing, and however many times (and by however many
// paths) a result arrives, it moves the director once.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { auditEntries, clients, directorChecks, directorMedia, directors, notifications, type Director } from "@/db/schema";
import { getYoti } from "@/lib/integrations/yoti";
import { expectedAuthorization } from "@/lib/integrations/yoti/notification-auth";
import { jobDefinition } from "@/lib/jobs/definitions";
import { getJobQueue } from "@/lib/jobs/queue";
import { GET as atYoti } from "@/app/api/director-verification/director-verification/at-yoti/route";
import { GET as checkYoti } from "@/app/api/director-verification/director-verification/check-yoti/route";
import { POST as startYoti } from "@/app/api/director-verification/director-verification/start-yoti/route";
import { POST as webhook } from "@/app/api/webhooks/yoti/route";
import { completeDetails, insertClientWithDirectors } from "../support/factories";
import { apiRequest, jsonRequest } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";
import { yotiSimulatorForFile } from "./support/yoti-simulator";
import { asDirector } from "./support/test-users";

const env: Record<string, string | undefined> = {};

setupTestDb({ seed: false, env });
const yoti = yotiSimulatorForFile();
const webhookToken = () => yoti().webhookToken;

afterEach(() => jest.restoreAllMocks());

async function newDirector(values: Partial<Director> = {}) {
  const db = await getDb();
  const { client, directors: [director] } = await insertClientWithDirectors(db, { client: { status: "New" }, directors: [{ ...completeDetails(), ...values }] });
  return { client, director: director! };
}

async function reload(id: number) {
  const [row] = await (await getDb()).select().from(directors).where(eq(directors.id, id));
  return row!;
}

async function start(director: Director) {
  const res = await startYoti(jsonRequest("/api/director-verification/director-verification/start-yoti", {}, { headers: asDirector(director) }));
  return { status: res.status, body: (await res.json()) as { sessionUrl: string; sessionExpiry: string } };
}

/** What the person chooses on the hosted page, through the simulator's test hook. */
async function outcome(sessionId: string, choice: "approve" | "reject" | "manual" | "expire") {
  const res = await fetch(`${yoti().base}/_simulator/sessions/${sessionId}/outcome`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ outcome: choice }) });
  expect(res.status).toBe(200);
  await yoti().simulator.idle();
}

/** A notification as Yoti sends it; `authorization` null sends none. */
function notification(sessionId: string, authorization: string | null = expectedAuthorization(webhookToken(), "BASIC")) {
  return apiRequest("/api/webhooks/yoti", {
    method: "POST",
    headers: authorization === null ? {} : { authorization },
    body: { session_id: sessionId, topic: "session_completion" },
  });
}

async function audits(directorId: number, auditType: string) {
  return (await getDb()).select().from(auditEntries).where(and(eq(auditEntries.directorId, directorId), eq(auditEntries.auditType, auditType as "YotiCompleted")));
}

async function emailJobs(key: string) {
  return (await getJobQueue()).boss.findJobs<{ to: string; subject: string }>("email.send", { key });
}

describe("starting the identity check", () => {
  it("creates a session tracked to the director, stores it, and hands the same one back on a second click", async () => {
    const { client, director } = await newDirector();
    const first = await start(director);
    expect(first.status).toBe(200);
    const row = await reload(director.id);
    expect(row.sessionID).toMatch(/^[0-9a-f-]{36}$/);
    expect(row.sessionToken).toBeTruthy();
    expect(first.body.sessionUrl).toBe(row.sessionUrl);
    expect(row.sessionUrl).toBe(`${process.env.YOTI_IDV_API_URL}/web/index.html?sessionID=${row.sessionID}&sessionToken=${row.sessionToken}`);
    // At least 15 minutes to use the link.
    expect(row.sessionExpiry!.getTime() - Date.now()).toBeGreaterThan(15 * 60_000);
    const stored = (await (await fetch(`${yoti().base}/_simulator/sessions/${row.sessionID}`)).json()) as { session: { userTrackingId: string; notifications: { endpoint: string; auth_token: string } } };
    expect(stored.session.userTrackingId).toBe(String(director.id));
    expect(stored.session.notifications.endpoint).toBe("http://localhost:3000/api/webhooks/yoti");
    expect(stored.session.notifications.auth_token).toBe(webhookToken());

    const again = await start(director);
    expect(again.body.sessionUrl).toBe(first.body.sessionUrl);
    const [c] = await (await getDb()).select().from(clients).where(eq(clients.id, client.id));
    expect(c!.status).toBe("InProgress");
  });

  it("is refused once the check is behind the director", async () => {
    const { director } = await newDirector({ status: "AwaitingAuthCode" });
    expect((await start(director)).status).toBe(409);
    expect((await reload(director.id)).sessionID).toBeNull();
  });

  it("records going to the provider's page once per session, and sends the browser there", async () => {
    const { director } = await newDirector();
    const none = await atYoti(apiRequest("/api/director-verification/director-verification/at-yoti", { headers: { ...asDirector(director), accept: "application/json" } }));
    expect(await none.json()).toEqual({ sessionUrl: null });
    const { body } = await start(director);
    for (let i = 0; i < 2; i++) {
      const res = await atYoti(apiRequest("/api/director-verification/director-verification/at-yoti", { headers: asDirector(director) }));
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(body.sessionUrl);
    }
    expect((await reload(director.id)).yotiLinkClicked).toBe(true);
    expect(await audits(director.id, "YotiLinkClicked")).toHaveLength(1);
  });
});

describe("the notification", () => {
  it("with a wrong or missing token is a 401, and Yoti is not asked anything", async () => {
    const { director } = await newDirector();
    await start(director);
    const { sessionID } = await reload(director.id);
    await outcome(sessionID!, "approve");
    const getSession = jest.spyOn(getYoti(), "getSession");
    for (const authorization of [null, expectedAuthorization(`${webhookToken()}x`, "BASIC"), `Bearer ${webhookToken()}`, expectedAuthorization("", "BASIC")]) {
      const res = await webhook(notification(sessionID!, authorization));
      expect([authorization, res.status]).toEqual([authorization, 401]);
      expect(await res.json()).toMatchObject({ error: "unauthorized" });
    }
    expect(getSession).not.toHaveBeenCalled();
    const row = await reload(director.id);
    expect(row.status).toBe("AwaitingIDInfo");
    expect(await audits(director.id, "YotiCompleted")).toHaveLength(0);
  });

  it("never trusts its body: an approval claimed for a session still open changes nothing", async () => {
    const { director } = await newDirector();
    await start(director);
    const { sessionID } = await reload(director.id);
    const res = await webhook(
      apiRequest("/api/webhooks/yoti", {
        method: "POST",
        headers: { authorization: expectedAuthorization(webhookToken(), "BASIC") },
        body: { session_id: sessionID, topic: "session_completion", state: "COMPLETED", checks: [{ recommendation: { value: "APPROVE" } }] },
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, applied: false });
    expect((await reload(director.id)).status).toBe("AwaitingIDInfo");
  });

  it("sent 5 times at once moves the director once: Verified, then AwaitingAuthCode, with checks, media, one audit and one email", async () => {
    const { director } = await newDirector();
    await start(director);
    const { sessionID } = await reload(director.id);
    await outcome(sessionID!, "approve");

    const answers = await Promise.all(Array.from({ length: 5 }, () => webhook(notification(sessionID!))));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const applied = await Promise.all(answers.map(async (r) => ((await r.json()) as { applied: boolean }).applied));
    expect(applied.filter(Boolean)).toHaveLength(1);

    const row = await reload(director.id);
    expect(row.status).toBe("AwaitingAuthCode");
    expect(row.verificationCompletedAt).not.toBeNull();
    const completed = await audits(director.id, "YotiCompleted");
    expect(completed).toHaveLength(1);
    expect(completed[0]!.newValue).toMatchObject({ status: "Verified", outcome: "approved", source: "webhook" });
    const db = await getDb();
    const checks = await db.select().from(directorChecks).where(eq(directorChecks.directorId, director.id));
    expect(checks.map((c) => [c.type, c.recommendation, c.yotiSessionId]).sort()).toEqual([
      ["ID_DOCUMENT_AUTHENTICITY", "APPROVE", sessionID],
      ["ID_DOCUMENT_FACE_MATCH", "APPROVE", sessionID],
      ["LIVENESS", "APPROVE", sessionID],
    ]);
    const media = await db.select().from(directorMedia).where(eq(directorMedia.directorId, director.id));
    expect(media.length).toBeGreaterThan(0);
    expect(media.find((m) => m.source === "id_document.fields")?.jsonContent).toMatchObject({ documentType: "PASSPORT", issuingCountry: "GBR", dateOfBirth: "1978-04-12" });
    const mails = await emailJobs(`yoti-verified:${sessionID}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data.to).toBe(director.email);
  });

  it("racing the page's poll gives one transition", async () => {
    const { director } = await newDirector();
    await start(director);
    const { sessionID } = await reload(director.id);
    await outcome(sessionID!, "manual");
    const poll = () => checkYoti(apiRequest("/api/director-verification/director-verification/check-yoti", { headers: asDirector(director) }));
    const answers = await Promise.all([webhook(notification(sessionID!)), poll(), webhook(notification(sessionID!)), poll()]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await answers[1]!.json()).toEqual({ success: true, status: "UnderReview" });
    expect((await reload(director.id)).status).toBe("UnderReview");
    expect(await audits(director.id, "YotiCompleted")).toHaveLength(1);
    const told = await (await getDb()).select().from(notifications).where(eq(notifications.directorId, director.id));
    expect(told).toHaveLength(1);
  });

  it("for a session that is no director's current one is answered 200 without asking Yoti", async () => {
    const getSession = jest.spyOn(getYoti(), "getSession");
    const res = await webhook(notification(randomUUID()));
    expect(res.status).toBe(200);
    expect(getSession).not.toHaveBeenCalled();
  });
});

describe("outcomes", () => {
  it("a rejection offers a retry with a new session; the third makes the director Rejected and tells admins", async () => {
    const { director } = await newDirector();
    const sessions: string[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await start(director)).status).toBe(200);
      const { sessionID } = await reload(director.id);
      expect(sessions).not.toContain(sessionID);
      sessions.push(sessionID!);
      await outcome(sessionID!, "reject");
      const res = await checkYoti(apiRequest("/api/director-verification/director-verification/check-yoti", { headers: asDirector(director) }));
      expect(await res.json()).toMatchObject({ success: true });
      const row = await reload(director.id);
      expect(row.idvFailedAttempts).toBe(attempt);
      expect(row.status).toBe(attempt < 3 ? "AwaitingIDInfo" : "Rejected");
      expect(row.sessionID).toBeNull();
    }
    expect((await start(director)).status).toBe(409);
    const told = await (await getDb()).select().from(notifications).where(eq(notifications.directorId, director.id));
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain("Rejected");
    expect(await audits(director.id, "YotiCompleted")).toHaveLength(3);
    // The checks of every attempt are kept, each with its session.
    const checks = await (await getDb()).select().from(directorChecks).where(eq(directorChecks.directorId, director.id));
    expect(new Set(checks.map((c) => c.yotiSessionId))).toEqual(new Set(sessions));
  });

  it("an expired link makes the director IDVLinkExpired; starting again makes a new session", async () => {
    const { director } = await newDirector();
    await start(director);
    const { sessionID } = await reload(director.id);
    await outcome(sessionID!, "expire");
    expect((await webhook(notification(sessionID!))).status).toBe(200);
    const expired = await reload(director.id);
    expect(expired.status).toBe("IDVLinkExpired");
    expect(expired.sessionID).toBeNull();
    expect(await emailJobs(`yoti-expired:${sessionID}`)).toHaveLength(1);

    const again = await start(director);
    expect(again.status).toBe(200);
    const row = await reload(director.id);
    expect(row.status).toBe("AwaitingIDInfo");
    expect(row.sessionID).not.toBe(sessionID);
  });

  it("the sweep settles sessions past their expiry: a result no notification brought, and a link left unfinished", async () => {
    const db = await getDb();
    const { director: finished } = await newDirector();
    const { director: abandoned } = await newDirector();
    await start(finished);
    await start(abandoned);
    const finishedSession = (await reload(finished.id)).sessionID!;
    await outcome(finishedSession, "approve");
    // Both links ran out long ago, as far as the portal knows.
    const longAgo = new Date(Date.now() - 2 * 60 * 60_000);
    for (const d of [finished, abandoned]) await db.update(directors).set({ sessionExpiry: longAgo }).where(eq(directors.id, d.id));

    const job = jobDefinition("identity-check.sweep-expired-sessions");
    await job.run({}, { db, jobId: randomUUID(), attempt: 1 });
    await job.run({}, { db, jobId: randomUUID(), attempt: 1 });

    expect((await reload(finished.id)).status).toBe("AwaitingAuthCode");
    expect((await reload(abandoned.id)).status).toBe("IDVLinkExpired");
    expect(await audits(finished.id, "YotiCompleted")).toHaveLength(1);
    expect(await audits(abandoned.id, "YotiCompleted")).toHaveLength(1);
  });
});

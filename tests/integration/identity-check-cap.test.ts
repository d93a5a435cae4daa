// The daily cap on new identity-check sessions (issue 18 item 14), through start-yoti against the
// Yoti simulator (in-process, on a free port, with a key pair made for this run), the cap set to 2
// here: handing back the open session does not count, the third new session of a UK day is refused
// with 429 and a message to try again tomorrow without Yoti being asked, and yesterday's starts do
// not count.
import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db";
import { auditEntries, directors, type Director } from "@/db/schema";
import { getYoti } from "@/lib/integrations/yoti";
import { SESSION_STARTED_ACTIONS } from "@/lib/server/identity-check/count-sessions-started-today";
import { POST as startYoti } from "@/app/api/director-verification/director-verification/start-yoti/route";
import messages from "@/messages/en-GB.json";
import { completeDetails, insertClientWithDirectors } from "../support/factories";
import { jsonRequest } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";
import { yotiSimulatorForFile } from "./support/yoti-simulator";
import { asDirector } from "./support/test-users";

const CAP = 2;
setupTestDb({ seed: false, env: { IDENTITY_CHECK_MAX_SESSIONS_PER_DAY: String(CAP) } });
yotiSimulatorForFile();

afterEach(() => jest.restoreAllMocks());

async function newDirector() {
  const { directors: [director] } = await insertClientWithDirectors(await getDb(), { client: { status: "New" }, directors: [completeDetails()] });
  return director!;
}

async function reload(id: number) {
  const [row] = await (await getDb()).select().from(directors).where(eq(directors.id, id));
  return row!;
}

async function start(director: Director) {
  const res = await startYoti(jsonRequest("/api/director-verification/director-verification/start-yoti", {}, { headers: asDirector(director) }));
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: (await res.json()) as { sessionUrl?: string; error?: string; message?: string; retryAfterSeconds?: number } };
}

/** The open session runs out (as the sweep or the webhook would find it): the next start makes a new one. */
async function linkRunsOut(director: Director) {
  await (await getDb()).update(directors).set({ sessionExpiry: new Date(Date.now() - 60_000) }).where(eq(directors.id, director.id));
}

const startedAudits = async (director: Director) =>
  (await getDb())
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.directorId, director.id), inArray(auditEntries.action, [...SESSION_STARTED_ACTIONS])));

describe(`start-yoti with IDENTITY_CHECK_MAX_SESSIONS_PER_DAY=${CAP}`, () => {
  it("hands back the open session without counting it, and refuses a new session past the cap with 429 without asking Yoti", async () => {
    const director = await newDirector();
    const first = await start(director);
    expect(first.status).toBe(200);
    // Handing back the open one, however often: not a new session.
    for (let i = 0; i < 3; i++) expect((await start(director)).body.sessionUrl).toBe(first.body.sessionUrl);

    await linkRunsOut(director);
    const second = await start(director);
    expect(second.status).toBe(200);
    expect(second.body.sessionUrl).not.toBe(first.body.sessionUrl);
    expect(await startedAudits(director)).toHaveLength(CAP);

    await linkRunsOut(director);
    const before = await reload(director.id);
    const createSession = jest.spyOn(getYoti(), "createSession");
    const third = await start(director);
    expect(third.status).toBe(429);
    expect(third.body.error).toBe("rate_limited");
    expect(third.body.message).toBe(messages.apiErrors.identity_check_daily_limit.replace("{maxSessions}", String(CAP)));
    expect(third.body.message).toContain("try again tomorrow");
    expect(Number(third.retryAfter)).toBeGreaterThan(0);
    expect(Number(third.retryAfter)).toBeLessThanOrEqual(25 * 3600);
    expect(third.body.retryAfterSeconds).toBe(Number(third.retryAfter));
    expect(createSession).not.toHaveBeenCalled();
    // Nothing changed: the same (run-out) session, no new audit entry.
    const after = await reload(director.id);
    expect(after.sessionID).toBe(before.sessionID);
    expect(after.status).toBe(before.status);
    expect(await startedAudits(director)).toHaveLength(CAP);
  });

  it("counts each director on their own, and yesterday's sessions not at all", async () => {
    const [a, b] = [await newDirector(), await newDirector()];
    for (let i = 0; i < CAP; i++) {
      expect((await start(a)).status).toBe(200);
      await linkRunsOut(a);
    }
    expect((await start(a)).status).toBe(429);
    // Another director is not held back by the first one's starts.
    expect((await start(b)).status).toBe(200);

    // A director who reached the cap yesterday (the audit trail as the starts leave it): the cap is
    // per UK day, so today they may start again.
    const c = await newDirector();
    const yesterday = new Date(Date.now() - 26 * 3600_000);
    await (await getDb())
      .insert(auditEntries)
      .values(
        Array.from({ length: CAP }, () => ({
          action: SESSION_STARTED_ACTIONS[0],
          auditType: "DirectorModified" as const,
          entityType: "Director",
          entityId: String(c.id),
          user: c.email,
          timestamp: yesterday,
          updatedAt: yesterday,
          clientId: c.clientId,
          directorId: c.id,
        })),
      );
    expect((await start(c)).status).toBe(200);
    expect((await start(a)).status).toBe(429);
  });
});

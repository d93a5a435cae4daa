// The public request's doors (issue 18, items 2 and 3): rate limits per address and per contact
// email, the Existing journey's customer-code check sharing /api/lwdb-record's limit, one client
// per request (idempotency key; same company and contact within a day; racing submissions), and
// invitations held for staff until the client is moved to Onboarding.
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Db } from "@/db";
import { rowsOf } from "@/db/client";
import { clients, directors, lwdbRecords, notifications } from "@/db/schema";
import { POST } from "@/app/api/requests/identity-verification/route";
import { POST as lwdbRecord } from "@/app/api/lwdb-record/route";
import { PATCH as patchClientRoute } from "@/app/api/admin/director-verification/clients/[id]/route";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { getJobQueue } from "@/lib/jobs/queue";
import type { OnboardingRequestInput } from "@/lib/schemas/onboarding-request";
import { lwdbLookupLimits } from "@/lib/server/lwdb/find-lwdb-record";
import { REQUESTS_PER_ADDRESS, REQUESTS_PER_CONTACT_EMAIL } from "@/lib/server/requests/submit-onboarding-request";
import { onboardingRequestInput, trackCreatedClient } from "../support/factories";
import { apiRequest, human, jsonRequest, routeParams } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";
import { asAdmin } from "./support/test-users";
import { captureLogs, type CapturedLogs } from "@/lib/log/capture";

setupTestDb({ env: { HOLD_REQUEST_INVITATIONS: "true", DIRECTOR_PRICE_PENCE: "6500", VAT_RATE_PERCENT: "20" } });

const PATH = "/api/requests/identity-verification";
const run = Date.now().toString(36);
let addresses = 0;
/** An address of its own for each caller, so one test's requests never count against another's limits. */
const freshIp = () => {
  addresses += 1;
  return `10.77.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

/** A valid request by invoice for a company of its own (unique name and emails per call). */
const request = (overrides: Partial<OnboardingRequestInput> = {}, individuals = 3) => onboardingRequestInput(overrides, { individuals, company: "Limits" });

async function submit(body: unknown, ip = freshIp()) {
  const res = await POST(jsonRequest(PATH, { ...(body as object), ...human }, { headers: { [CLIENT_ADDRESS_HEADER]: ip } }));
  const json = (await res.json()) as Record<string, unknown>;
  if (res.status === 200) {
    const [c] = await (await getDb()).select({ id: clients.id }).from(clients).where(eq(clients.reference, json.reference as string));
    if (c) trackCreatedClient(c.id);
  }
  return { status: res.status, json, retryAfter: res.headers.get("retry-after") };
}

const clientsNamed = async (db: Db, name: string) => db.select().from(clients).where(sql`lower(btrim(${clients.name})) = lower(${name})`);

/** The client's individuals and the invitation jobs queued for them. */
async function invitations(db: Db, clientId: number) {
  const ds = await db.select().from(directors).where(eq(directors.clientId, clientId)).orderBy(directors.id);
  await getJobQueue();
  const keys = ds.map((d) => `invitation:${d.id}`);
  const jobs = rowsOf<{ singleton_key: string }>(
    await db.execute(sql`select singleton_key from pgboss.job where name = 'invitation.send' and singleton_key in (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`),
  );
  return { invited: ds.filter((d) => d.invitedAt !== null).length, jobs: jobs.length, directors: ds };
}

async function moveTo(clientId: number, status: string) {
  const res = await patchClientRoute(
    apiRequest(`/api/admin/director-verification/clients/${clientId}`, {
      method: "PATCH",
      contentType: "application/json-patch+json",
      headers: asAdmin(),
      body: [{ op: "replace", path: "/status", value: status }],
    }),
    routeParams({ id: clientId }),
  );
  return res.status;
}

// The refusals' warnings are expected: kept out of the output.
let logs: CapturedLogs;
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

describe("rate limits", () => {
  it("30 quick requests from one address end in 429 with Retry-After; the first ones are accepted", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 30; i++) {
      const r = await submit(request({}, 1), ip);
      statuses.push(r.status);
      if (r.status === 429) retryAfter = r.retryAfter;
    }
    expect(statuses.slice(0, REQUESTS_PER_ADDRESS)).toEqual(Array(REQUESTS_PER_ADDRESS).fill(200));
    expect(statuses.slice(REQUESTS_PER_ADDRESS)).toEqual(Array(30 - REQUESTS_PER_ADDRESS).fill(429));
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it("limits one main contact email, whatever the address", async () => {
    const first = request({}, 1);
    const statuses: number[] = [];
    for (let i = 0; i <= REQUESTS_PER_CONTACT_EMAIL; i++) {
      const body = { ...request({}, 1), mainContactEmail: first.mainContactEmail.toUpperCase() };
      statuses.push((await submit(body)).status);
    }
    expect(statuses).toEqual([...Array(REQUESTS_PER_CONTACT_EMAIL).fill(200), 429]);
  });

  it("the bot check runs first: a refused token counts nothing and stores nothing", async () => {
    const ip = freshIp();
    const db = await getDb();
    const body = request({}, 1);
    for (let i = 0; i < 3; i++) {
      const res = await POST(jsonRequest(PATH, { ...body, captchaToken: "test-fail" }, { headers: { [CLIENT_ADDRESS_HEADER]: ip } }));
      expect(res.status).toBe(400);
    }
    expect(rowsOf(await db.execute(sql`select 1 from rate_limits where key like ${`%${ip}`}`))).toEqual([]);
    expect(await clientsNamed(db, body.company.name)).toEqual([]);
  });
});

describe("the Existing journey's customer code", () => {
  // Stored as the import stores them: codes in capitals, emails in lower case.
  const record = (tag: string, email: string) => ({ customerCode: `LWT-${tag}`.toUpperCase(), name: `Existing ${tag} Ltd`, mainContactEmail: email });

  it("15 wrong Existing codes from one address end in 429", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const body = request({ journey: "Existing", productTier: "OneOff", customerCode: `WRONG-${run}-${i}` }, 1);
      statuses.push((await submit(body, ip)).status);
    }
    expect(statuses.slice(0, lwdbLookupLimits.perIp)).toEqual(Array(lwdbLookupLimits.perIp).fill(400));
    expect(statuses.slice(lwdbLookupLimits.perIp)).toEqual(Array(15 - lwdbLookupLimits.perIp).fill(429));
  });

  it("shares its limit with /api/lwdb-record: look-ups there use up the request's checks", async () => {
    const ip = freshIp();
    for (let i = 0; i < lwdbLookupLimits.perIp; i++) {
      const res = await lwdbRecord(jsonRequest(`/api/lwdb-record?${new URLSearchParams({ name: "Nobody Ltd", customerCode: `X${i}` })}`, human, { headers: { [CLIENT_ADDRESS_HEADER]: ip } }));
      expect(res.status).toBe(404);
    }
    const body = request({ journey: "Existing", productTier: "OneOff", customerCode: "ANY-CODE" }, 1);
    expect((await submit(body, ip)).status).toBe(429);
  });

  it("invites at once when the main contact email is the one on the customer's record (any case); holds otherwise", async () => {
    const db = await getDb();
    const matching = request({ journey: "Existing", productTier: "Managed" }, 2);
    const other = request({ journey: "Existing", productTier: "Managed" }, 2);
    const rows = [record(`${run}-m`, matching.mainContactEmail.toLowerCase()), record(`${run}-o`, `owner.${run}@customer.example`)];
    await db.insert(lwdbRecords).values(rows);
    try {
      const a = await submit({ ...matching, company: { ...matching.company, name: rows[0]!.name }, customerCode: rows[0]!.customerCode, mainContactEmail: matching.mainContactEmail.toUpperCase() });
      expect(a.status).toBe(200);
      expect(String(a.json.next)).not.toContain("held=1");
      const [ca] = await clientsNamed(db, rows[0]!.name);
      expect(ca!.invitationsHeld).toBe(false);
      expect(await invitations(db, ca!.id)).toMatchObject({ invited: 2, jobs: 2 });

      const b = await submit({ ...other, company: { ...other.company, name: rows[1]!.name }, customerCode: rows[1]!.customerCode });
      expect(b.status).toBe(200);
      expect(String(b.json.next)).toContain("held=1");
      const [cb] = await clientsNamed(db, rows[1]!.name);
      expect(cb!.invitationsHeld).toBe(true);
      expect(await invitations(db, cb!.id)).toMatchObject({ invited: 0, jobs: 0 });
    } finally {
      await db.delete(lwdbRecords).where(inArray(lwdbRecords.customerCode, rows.map((r) => r.customerCode)));
    }
  });
});

describe("one client per request", () => {
  it("two identical submissions with the same key make one client and get the same answer", async () => {
    const db = await getDb();
    const body = { ...request(), idempotencyKey: randomUUID() };
    const first = await submit(body);
    const again = await submit(body);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(await clientsNamed(db, body.company.name)).toHaveLength(1);
  });

  it("the same company and contact within a day, with different keys, make one client and a 409 that names no reference", async () => {
    const db = await getDb();
    const body = request();
    const first = await submit({ ...body, idempotencyKey: randomUUID() });
    expect(first.status).toBe(200);
    const again = await submit({ ...body, company: { ...body.company, name: `  ${body.company.name.toUpperCase()} ` }, mainContactEmail: body.mainContactEmail.toUpperCase(), idempotencyKey: randomUUID() });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      error: "conflict",
      message: "We already have a request for this company from this email address today. Check your email for the confirmation.",
    });
    expect(JSON.stringify(again.json)).not.toContain(String(first.json.reference));
    expect(await clientsNamed(db, body.company.name)).toHaveLength(1);
    // Without a key (a machine caller) too.
    expect((await submit(body)).status).toBe(409);
    expect(await clientsNamed(db, body.company.name)).toHaveLength(1);
  });

  it("a day later, the same company and contact is a new request", async () => {
    const db = await getDb();
    const body = request({}, 1);
    expect((await submit(body)).status).toBe(200);
    await db.update(clients).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(clients.name, body.company.name));
    expect((await submit(body)).status).toBe(200);
    expect(await clientsNamed(db, body.company.name)).toHaveLength(2);
  });

  it("racing identical submissions make one client (same key: the same answer; no key: one 409)", async () => {
    const db = await getDb();
    const keyed = { ...request(), idempotencyKey: randomUUID() };
    const both = await Promise.all([submit(keyed), submit(keyed)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both[0]!.json).toEqual(both[1]!.json);
    expect(await clientsNamed(db, keyed.company.name)).toHaveLength(1);

    const bare = request();
    const racing = await Promise.all([submit(bare), submit(bare)]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await clientsNamed(db, bare.company.name)).toHaveLength(1);
  });

  it("a key sent with another contact's request is refused, and stores nothing", async () => {
    const db = await getDb();
    const idempotencyKey = randomUUID();
    expect((await submit({ ...request({}, 1), idempotencyKey })).status).toBe(200);
    const other = request({}, 1);
    const res = await submit({ ...other, idempotencyKey });
    expect(res.status).toBe(409);
    expect(await clientsNamed(db, other.company.name)).toEqual([]);
  });

  it("refuses a key that is not a UUID (400)", async () => {
    const res = await submit({ ...request({}, 1), idempotencyKey: "not-a-uuid" });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({ idempotencyKey: ["invalidValue"] });
  });
});

describe("invitations held for staff", () => {
  it("an anonymous invoice request with 3 individuals invites nobody until staff move it to Onboarding, then all 3", async () => {
    const db = await getDb();
    const body = request({}, 3);
    const res = await submit(body);
    expect(res.status).toBe(200);
    expect(String(res.json.next)).toMatch(/\/requests\/identity-verification\/submitted\?reference=\w+&held=1$/);
    const [client] = await clientsNamed(db, body.company.name);
    expect(client).toMatchObject({ status: "New", invitationsHeld: true });
    expect(await invitations(db, client!.id)).toMatchObject({ invited: 0, jobs: 0 });
    // The admins are told the invitations wait for them; the contact's confirmation says staff will be in touch.
    const notes = await db.select().from(notifications).where(eq(notifications.clientId, client!.id));
    expect(notes.map((x) => x.message)).toContain(
      `${body.company.name} (${client!.reference}): the 3 individuals are not invited yet. Set up the engagement, then move the client to Onboarding to send the invitations`,
    );
    const confirmation = rowsOf<{ text: string }>(await db.execute(sql`select data->>'text' as text from pgboss.job where name = 'email.send' and singleton_key = ${`request-confirmation:${client!.id}`}`));
    expect(confirmation[0]!.text).toContain("Our staff will be in touch within two working days");

    expect(await moveTo(client!.id, "Onboarding")).toBe(200);
    const after = await invitations(db, client!.id);
    expect(after).toMatchObject({ invited: 3, jobs: 3 });
    const [moved] = await db.select().from(clients).where(eq(clients.id, client!.id));
    expect(moved).toMatchObject({ status: "Onboarding", invitationsHeld: false });

    // Back to New and on to Onboarding again: nobody is invited twice.
    expect(await moveTo(client!.id, "New")).toBe(200);
    expect(await moveTo(client!.id, "Onboarding")).toBe(200);
    expect(await invitations(db, client!.id)).toMatchObject({ invited: 3, jobs: 3 });
  });

  it("an individual whose invitation is held is not reminded", async () => {
    const db = await getDb();
    const body = request({}, 1);
    expect((await submit(body)).status).toBe(200);
    const [client] = await clientsNamed(db, body.company.name);
    await db.update(directors).set({ createdAt: sql`now() - interval '30 days'` }).where(eq(directors.clientId, client!.id));
    const { claimReminders } = await import("@/lib/server/reminders/claim-reminders");
    const claimed = await db.transaction((tx) => claimReminders(tx, "director", { now: new Date(), days: [2, 5, 10], mode: "now", clientId: client!.id, limit: 10 }));
    expect(claimed).toBe(0);
    const [d] = await db.select().from(directors).where(and(eq(directors.clientId, client!.id)));
    expect(d!.reminderCount).toBe(0);
  });
});

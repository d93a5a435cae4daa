// The operator's page's server functions (lib/server/operations) against this worker's database,
// with the portal's real Sage adapter talking to the Sage simulator over HTTP: a Sage job that fails
// for good is listed, retried by an admin (audited) and then raises the invoice; the state of an
// outside service after a failing call; discarding; queues, webhook deliveries and schedules.
import net from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { POST as discardRoute } from "@/app/api/admin/operations/jobs/discard/route";
import { POST as retryRoute } from "@/app/api/admin/operations/jobs/retry/route";
import { getDb } from "@/db";
import { auditEntries, clients, outsideServiceFailures, outsideServices, webhookDeliveries } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import { resetEnvCache } from "@/lib/env";
import { getCompaniesHouse } from "@/lib/integrations/companies-house";
import { getSage } from "@/lib/integrations/sage";
import { recordedFetch } from "@/lib/metrics/outside-call";
import { invoiceJobKey } from "@/lib/jobs/definitions/raise-invoice";
import { getJobQueue } from "@/lib/jobs/queue";
import { applySchedules } from "@/lib/jobs/schedules";
import { sendJob } from "@/lib/jobs/send-job";
import { workDueJobs } from "@/lib/jobs/work-due-jobs";
import { discardFailedJob } from "@/lib/server/operations/discard-failed-job";
import { listFailedJobs } from "@/lib/server/operations/list-failed-jobs";
import { listOutsideServices } from "@/lib/server/operations/list-outside-services";
import { listQueues } from "@/lib/server/operations/list-queues";
import { listScheduleRuns } from "@/lib/server/operations/list-schedule-runs";
import { listWebhookDeliveries } from "@/lib/server/operations/list-webhook-deliveries";
import { retryFailedJob } from "@/lib/server/operations/retry-failed-job";
import { flushOutsideCalls, resetOutsideCallThrottle } from "@/lib/server/operations/save-outside-call";
import messages from "@/messages/en-GB.json";
import { insertClientWithDirectors } from "../support/factories";
import { jsonRequest } from "./support/requests";
import { sageSimulatorForFile } from "./support/sage-simulator";
import { setupTestDb } from "./support/setup-test-db";
import { adminPrincipal, asAdmin, asContact } from "./support/test-users";

setupTestDb({ env: { VAT_RATE_PERCENT: "20", DIRECTOR_PRICE_PENCE: "6500" } });
const sage = sageSimulatorForFile();

const admin = adminPrincipal();
const contactUser: Principal = { type: "DV_CompanyContact", email: "someone@example.com", clientId: 1, via: "test-user" };

beforeEach(async () => {
  resetOutsideCallThrottle();
  await flushOutsideCalls();
  const db = await getDb();
  await db.delete(outsideServiceFailures);
  await db.delete(outsideServices);
  await getJobQueue();
  await db.execute(sql`delete from pgboss.job where state = 'failed'`);
});

async function invoicedClient() {
  const { client } = await insertClientWithDirectors(await getDb(), {
    client: { journey: "PayByInvoice", billingAddressLine1: "1 Ledger Lane", billingAddressCity: "Leeds", billingAddressPostCode: "LS1 1AA", billingAddressCountry: "GB" },
    directors: 2,
  });
  return client;
}

/** Works the job and every retry as soon as it is due, as if its backoff had passed, until nothing is left. */
async function workWithRetriesDue() {
  const db = await getDb();
  const queue = await getJobQueue();
  for (let i = 0; i < 20; i++) {
    await db.execute(sql`update pgboss.job set start_after = now() where state = 'retry'`);
    if ((await workDueJobs(queue)) === 0) return;
  }
  throw new Error("the jobs did not settle");
}

async function jobState(name: string, id: string) {
  const [row] = (await (await getDb()).execute(sql`select state::text as state from pgboss.job where name = ${name} and id = ${id}::uuid`)).rows as { state: string }[];
  return row?.state;
}

const sageState = async () => (await listOutsideServices({ db: await getDb(), user: admin })).find((s) => s.service === "sage")!;

describe("a Sage job that failed for good", () => {
  it("is listed with its client and error, retried by an admin (audited), and then raises the invoice once", async () => {
    const db = await getDb();
    const client = await invoicedClient();
    sage().sim.failNext(...Array.from({ length: 8 }, () => 503));
    await sendJob(db, "invoice.raise", { clientId: client.id }, { key: invoiceJobKey(client.id) });
    await workWithRetriesDue();

    const failed = await listFailedJobs({ db, user: admin });
    const job = failed.find((j) => j.name === "invoice.raise" && j.subject.clientId === client.id)!;
    expect(job).toMatchObject({ attempts: 8, subject: { clientId: client.id, clientName: client.name } });
    expect(job.error).toMatch(/503/);
    expect(job.failedAt).toBeInstanceOf(Date);
    await flushOutsideCalls();
    const failing = await sageState();
    expect(failing.state).toBe("failing");
    expect(failing.failuresLastHour).toBeGreaterThanOrEqual(8);
    expect(failing.lastFailureMessage).toMatch(/503/);
    // The queue counts it as failed.
    expect((await listQueues({ db, user: admin })).find((q) => q.name === "invoice.raise")).toMatchObject({ failed: 1, waiting: 0, active: 0 });

    // Sage is back; an admin retries.
    expect(await retryFailedJob({ db, user: admin, name: "invoice.raise", id: job.id, meta: { ip: "203.0.113.7", userAgent: "jest" } })).toEqual({ retried: true });
    expect(await jobState("invoice.raise", job.id)).toBe("retry");
    expect((await listFailedJobs({ db, user: admin })).map((j) => j.id)).not.toContain(job.id);
    const [entry] = await db.select().from(auditEntries).where(and(eq(auditEntries.clientId, client.id), eq(auditEntries.action, "JobRetried")));
    expect(entry).toMatchObject({ auditType: "ClientModified", entityType: "Client", entityId: String(client.id), user: admin.email, ip: "203.0.113.7", newValue: { job: "invoice.raise", jobId: job.id } });

    // A second click finds nothing failed any more.
    await expect(retryFailedJob({ db, user: admin, name: "invoice.raise", id: job.id })).rejects.toMatchObject({ code: "conflict", messageKey: "job_not_failed" });

    await workDueJobs(await getJobQueue());
    const [row] = await db.select().from(clients).where(eq(clients.id, client.id));
    expect(row!.sageInvoiceNumber).toBeTruthy();
    expect(sage().sim.state.invoices.filter((i) => i.reference === client.reference)).toHaveLength(1);
    expect(await jobState("invoice.raise", job.id)).toBe("completed");

    // Sage's state on the page followed it: failing while it failed, working once it answered.
    await flushOutsideCalls();
    expect(await sageState()).toMatchObject({ state: "working" });
  });

  it("is refused to anyone but an admin, and by the route to a contact", async () => {
    const db = await getDb();
    await expect(listFailedJobs({ db, user: contactUser })).rejects.toMatchObject({ code: "forbidden" });
    await expect(retryFailedJob({ db, user: contactUser, name: "invoice.raise", id: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(discardFailedJob({ db, user: contactUser, name: "invoice.raise", id: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({ code: "forbidden" });
    for (const fn of [listOutsideServices, listQueues, listScheduleRuns, listWebhookDeliveries]) await expect(fn({ db, user: contactUser })).rejects.toMatchObject({ code: "forbidden" });
    const body = { queue: "invoice.raise", id: "00000000-0000-4000-8000-000000000000" };
    expect((await retryRoute(jsonRequest("/api/admin/operations/jobs/retry", body, { headers: asContact() }))).status).toBe(403);
    expect((await retryRoute(jsonRequest("/api/admin/operations/jobs/retry", body))).status).toBe(401);
  });

  it("refuses a retry while the same work is already waiting (an admin's retry from the client's page)", async () => {
    const db = await getDb();
    const client = await invoicedClient();
    sage().sim.failNext(...Array.from({ length: 8 }, () => 503));
    await sendJob(db, "invoice.raise", { clientId: client.id }, { key: invoiceJobKey(client.id) });
    await workWithRetriesDue();
    const job = (await listFailedJobs({ db, user: admin })).find((j) => j.subject.clientId === client.id)!;
    await sendJob(db, "invoice.raise", { clientId: client.id, requestedBy: admin.email }, { key: invoiceJobKey(client.id, 9) });
    const res = await retryRoute(jsonRequest("/api/admin/operations/jobs/retry", { queue: "invoice.raise", id: job.id }, { headers: asAdmin() }));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: messages.apiErrors.job_in_progress });
    expect(await jobState("invoice.raise", job.id)).toBe("failed");
  });
});

describe("discarding a failed job", () => {
  it("removes it, audits it against what it was about, and is refused twice", async () => {
    const db = await getDb();
    const { boss } = await getJobQueue();
    const client = await invoicedClient();
    // An email whose payload its schema refuses, allowed no retry: it fails for good at once.
    const id = (await boss.send("email.send", { to: "x", about: { clientId: client.id } }, { retryLimit: 0 }))!;
    await workDueJobs(await getJobQueue(), { names: ["email.send"] });
    expect(await jobState("email.send", id)).toBe("failed");
    expect((await listFailedJobs({ db, user: admin })).find((j) => j.id === id)).toMatchObject({ name: "email.send", attempts: 1, subject: { clientId: client.id, clientName: client.name } });

    const res = await discardRoute(jsonRequest("/api/admin/operations/jobs/discard", { queue: "email.send", id }, { headers: asAdmin() }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ discarded: true });
    expect(await jobState("email.send", id)).toBeUndefined();
    const [entry] = await db.select().from(auditEntries).where(and(eq(auditEntries.clientId, client.id), eq(auditEntries.action, "JobDiscarded")));
    expect(entry).toMatchObject({ auditType: "ClientModified", entityType: "Client", user: admin.email, newValue: { job: "email.send", jobId: id } });

    const again = await discardRoute(jsonRequest("/api/admin/operations/jobs/discard", { queue: "email.send", id }, { headers: asAdmin() }));
    expect(again.status).toBe(404);
  });

  it("answers 404 for a queue that is not the portal's and 400 for a malformed id", async () => {
    expect((await discardRoute(jsonRequest("/api/admin/operations/jobs/discard", { queue: "__pgboss__send-it", id: "00000000-0000-4000-8000-000000000000" }, { headers: asAdmin() }))).status).toBe(404);
    expect((await discardRoute(jsonRequest("/api/admin/operations/jobs/discard", { queue: "email.send", id: "not-an-id" }, { headers: asAdmin() }))).status).toBe(400);
  });
});

describe("the state of an outside service", () => {
  /** A port on this machine that nothing listens on. */
  async function closedPort(): Promise<number> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
  }

  it("is unknown before any call, failing after a failed call (with its message and time), working after a success", async () => {
    const db = await getDb();
    expect(await sageState()).toEqual({ service: "sage", state: "unknown", lastSuccessAt: null, lastFailureAt: null, lastFailureOperation: null, lastFailureMessage: null, failuresLastHour: 0 });

    const saved = { base: process.env.SAGE_API_BASE, token: process.env.SAGE_TOKEN_URL };
    const port = await closedPort();
    process.env.SAGE_API_BASE = `http://127.0.0.1:${port}/v3.1`;
    process.env.SAGE_TOKEN_URL = `http://127.0.0.1:${port}/token`;
    resetEnvCache();
    const before = new Date();
    try {
      await expect(getSage().findContactByReference("NOBODY")).rejects.toThrow(/^Sage .* failed: TypeError: fetch failed$/);
    } finally {
      process.env.SAGE_API_BASE = saved.base;
      process.env.SAGE_TOKEN_URL = saved.token;
      resetEnvCache();
    }
    await flushOutsideCalls();
    const failing = await sageState();
    expect(failing).toMatchObject({ state: "failing", lastSuccessAt: null, lastFailureOperation: "findContactByReference", failuresLastHour: 1 });
    expect(failing.lastFailureMessage).toMatch(/^Sage .* failed: TypeError: fetch failed$/);
    expect(failing.lastFailureAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    // Shared by every instance: it is a row, not this process's memory.
    expect(await db.select().from(outsideServices).where(eq(outsideServices.service, "sage"))).toHaveLength(1);

    await getSage().findContactByReference("NOBODY");
    await flushOutsideCalls();
    expect(await sageState()).toMatchObject({ state: "working", failuresLastHour: 1, lastFailureOperation: "findContactByReference" });
  });

  it("records the requests of a fetch-based adapter (Companies House) by their answer, not the cache's", async () => {
    const db = await getDb();
    const statuses = [200, 404, 400, 503, 429, 401];
    let next = 0;
    const fake = (async () => new Response("{}", { status: statuses[next++]! })) as unknown as typeof fetch;
    const recorded = recordedFetch("companies-house", (url) => (url.pathname.includes("/officers") ? "listOfficers" : "getCompanyProfile"), fake);
    for (let i = 0; i < statuses.length; i++) await recorded(`https://api.example/company/0000000${i}`);
    // The state is written in the background: the 401's write must land before the network error's,
    // which may carry the same millisecond (a tie goes to the write that lands last).
    await flushOutsideCalls();
    await expect(recordedFetch("companies-house", () => "getCompanyProfile", (async () => Promise.reject(new TypeError("fetch failed"))) as unknown as typeof fetch)("https://api.example/company/1")).rejects.toThrow("fetch failed");
    await flushOutsideCalls();
    const [row] = await db.select().from(outsideServices).where(eq(outsideServices.service, "companies-house"));
    expect(row).toMatchObject({ lastFailureOperation: "getCompanyProfile", lastFailureMessage: "fetch failed" });
    // 503, 429, 401 and the network error: four failures; 200, 404 and 400 were the register answering.
    expect((await db.select().from(outsideServiceFailures).where(eq(outsideServiceFailures.service, "companies-house"))).map((f) => f.message).sort()).toEqual(
      ["HTTP 401 from api.example", "HTTP 429 from api.example", "HTTP 503 from api.example", "fetch failed"],
    );

    // getCompaniesHouse() sends its requests through it: one to a closed port is a failure of the register.
    const saved = process.env.COMPANIES_HOUSE_API_URL;
    process.env.COMPANIES_HOUSE_API_URL = `http://127.0.0.1:${await closedPort()}`;
    resetEnvCache();
    try {
      await expect(getCompaniesHouse().getCompanyProfile("09999999", { maxAgeSeconds: 0 })).rejects.toThrow(/Companies House/);
    } finally {
      if (saved === undefined) delete process.env.COMPANIES_HOUSE_API_URL;
      else process.env.COMPANIES_HOUSE_API_URL = saved;
      resetEnvCache();
    }
    await flushOutsideCalls();
    const state = (await listOutsideServices({ db, user: admin })).find((x) => x.service === "companies-house")!;
    expect(state).toMatchObject({ state: "failing", lastFailureOperation: "getCompanyProfile" });
    expect(state.lastFailureMessage).toMatch(/fetch failed/);
  });

  it("counts only the last hour's failures", async () => {
    const db = await getDb();
    await db.insert(outsideServiceFailures).values([
      { service: "sage", operation: "createContact", message: "old", failedAt: new Date(Date.now() - 2 * 3_600_000) },
      { service: "sage", operation: "createContact", message: "recent", failedAt: new Date(Date.now() - 60_000) },
    ]);
    await db.insert(outsideServices).values({ service: "sage", lastFailureAt: new Date(Date.now() - 60_000), lastFailureMessage: "recent" });
    expect(await sageState()).toMatchObject({ failuresLastHour: 1, lastFailureMessage: "recent", state: "failing" });
  });

  it("lists the known services in order, then any other an adapter recorded", async () => {
    const db = await getDb();
    await db.insert(outsideServices).values({ service: "a-new-service", lastSuccessAt: new Date() });
    expect((await listOutsideServices({ db, user: admin })).map((s) => s.service)).toEqual(["stripe", "yoti", "sage", "companies-house", "email", "storage", "captcha", "a-new-service"]);
  });
});

describe("queues, webhook deliveries and schedules", () => {
  it("counts waiting and deferred jobs per queue and leaves pg-boss's own queues out", async () => {
    const db = await getDb();
    await db.execute(sql`delete from pgboss.job where state < 'completed'`);
    const email = { to: "queued@example.com", subject: "S", text: "T", html: "<p>T</p>", about: { entityType: "Client", entityId: "1", purpose: "test" } };
    await sendJob(db, "email.send", email);
    await sendJob(db, "email.send", { ...email, to: "later@example.com" }, { startAfter: new Date(Date.now() + 3_600_000) });
    const queues = await listQueues({ db, user: admin });
    expect(queues.find((q) => q.name === "email.send")).toMatchObject({ waiting: 1, deferred: 1, active: 0 });
    expect(queues.find((q) => q.name === "email.send")!.oldestWaitingSince).toBeInstanceOf(Date);
    expect(queues.find((q) => q.name === "invoice.raise")).toMatchObject({ waiting: 0, oldestWaitingSince: null });
    expect(queues.some((q) => q.name.startsWith("__pgboss"))).toBe(false);
    await db.execute(sql`delete from pgboss.job where state < 'completed'`);
  });

  it("lists the webhook deliveries of the last 24 hours, newest first", async () => {
    const db = await getDb();
    // A "now" ten days ahead: deliveries recorded by other tests of this database are then older
    // than a day, and only this test's rows are in the window.
    const now = new Date(Date.now() + 10 * 86_400_000);
    await db.insert(webhookDeliveries).values([
      { provider: "stripe", eventType: "checkout.session.completed", outcome: "accepted", status: 200, receivedAt: new Date(now.getTime() - 25 * 3_600_000) },
      { provider: "stripe", eventType: "checkout.session.expired", outcome: "failed", status: 503, receivedAt: new Date(now.getTime() - 3_600_000) },
      { provider: "yoti", eventType: "SESSION_COMPLETION", outcome: "accepted", status: 200, receivedAt: new Date(now.getTime() - 60_000) },
    ]);
    const listed = await listWebhookDeliveries({ db, user: admin, now });
    expect(listed.slice(0, 2).map((d) => [d.provider, d.eventType, d.outcome])).toEqual([
      ["yoti", "SESSION_COMPLETION", "accepted"],
      ["stripe", "checkout.session.expired", "failed"],
    ]);
    expect(listed.every((d) => d.receivedAt.getTime() > now.getTime() - 24 * 3_600_000)).toBe(true);
  });

  it("lists each schedule with its timetable and its last run", async () => {
    const db = await getDb();
    const queue = await getJobQueue();
    await applySchedules(queue.boss);
    const runs = await listScheduleRuns({ db, user: admin });
    expect(runs.find((r) => r.name === "reminders.send")).toMatchObject({ cron: "43 9 * * *", timezone: "Europe/London" });
    // A schedule's last job, as pg-boss records it, with its state.
    const id = (await queue.boss.send("maintenance.prune-security-data", {}))!;
    await db.execute(sql`update pgboss.schedule set last_job_id = ${id}::uuid where name = 'maintenance.prune-security-data'`);
    expect((await listScheduleRuns({ db, user: admin })).find((r) => r.name === "maintenance.prune-security-data")!.lastRun).toMatchObject({ state: "waiting", finishedAt: null });
    await workDueJobs(queue, { names: ["maintenance.prune-security-data"] });
    expect((await listScheduleRuns({ db, user: admin })).find((r) => r.name === "maintenance.prune-security-data")!.lastRun).toMatchObject({ state: "completed", finishedAt: expect.any(Date) });
    for (const s of await queue.boss.getSchedules()) await queue.boss.unschedule(s.name, s.key);
  });
});

// GET /api/metrics (lib/metrics): refused without METRICS_TOKEN or with the wrong one, and, with it,
// the Prometheus text of what this process did: requests by route pattern, jobs, queue depth read
// from pg-boss, outside calls, webhook deliveries, sign-in links, the pool and Node's own metrics.
import { sql } from "drizzle-orm";
import { GET as live } from "@/app/api/health/live/route";
import { GET as metricsRoute } from "@/app/api/metrics/route";
import { POST as enterPost } from "@/app/api/enter/[token]/route";
import { POST as yotiWebhook } from "@/app/api/webhooks/yoti/route";
import { getDb } from "@/db";
import { webhookDeliveries } from "@/db/schema";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { resetEnvCache } from "@/lib/env";
import { expectedAuthorization } from "@/lib/integrations/yoti/notification-auth";
import { getJobQueue } from "@/lib/jobs/queue";
import { sendJob } from "@/lib/jobs/send-job";
import { workDueJobs } from "@/lib/jobs/work-due-jobs";
import { withOutsideCall } from "@/lib/metrics/outside-call";
import { apiRequest } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";
import { clearRateLimits, contact, emailedToken } from "./support/sign-in";
import { yotiSimulatorForFile } from "./support/yoti-simulator";

const TOKEN = "metrics-token-for-the-integration-tests-0123";

setupTestDb({ env: { METRICS_TOKEN: TOKEN } });
const yoti = yotiSimulatorForFile();

const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => metricsRoute(apiRequest("/api/metrics", { headers }));

async function scrapeText(): Promise<string> {
  const res = await scrape();
  expect(res.status).toBe(200);
  return res.text();
}

/** The value of one series, e.g. `portal_jobs_total{job="email.send",outcome="completed"}`; 0 when absent. */
function valueOf(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

beforeEach(async () => {
  await getJobQueue(); // creates pg-boss's tables on first use
  await (await getDb()).execute(sql`delete from pgboss.job where state < 'completed'`);
});

describe("GET /api/metrics: who may read it", () => {
  it("does not exist without METRICS_TOKEN (404)", async () => {
    const saved = process.env.METRICS_TOKEN;
    delete process.env.METRICS_TOKEN;
    resetEnvCache();
    try {
      expect((await scrape()).status).toBe(404);
    } finally {
      process.env.METRICS_TOKEN = saved;
      resetEnvCache();
    }
  });

  it("is refused (401) without the token, with another one, or not as a Bearer token", async () => {
    const refused: Record<string, string>[] = [{}, { authorization: `Bearer ${TOKEN}x` }, { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}` }, { authorization: TOKEN }];
    for (const headers of refused) {
      const res = await scrape(headers);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await res.text()).not.toContain("portal_");
    }
  });

  it("answers Prometheus's text format to the token, uncached", async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(res.headers.get("cache-control")).toContain("no-store");
    const text = await res.text();
    // Node's default metrics and the database pool's gauges.
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^portal_db_pool_connections \d+$/m);
    expect(text).toMatch(/^portal_db_pool_idle_connections \d+$/m);
    expect(text).toMatch(/^portal_db_pool_waiting_requests 0$/m);
    expect(valueOf(text, "portal_database_up")).toBe(1);
  });
});

describe("what it counts", () => {
  it("times requests by route pattern and status", async () => {
    const before = valueOf(await scrapeText(), 'portal_http_request_duration_seconds_count{method="GET",route="/api/health/live",status="200"}');
    await live(apiRequest("/api/health/live"));
    await live(apiRequest("/api/health/live"));
    const text = await scrapeText();
    expect(valueOf(text, 'portal_http_request_duration_seconds_count{method="GET",route="/api/health/live",status="200"}')).toBe(before + 2);
    // A route with a path parameter is one series, not one per token.
    const token = "A".repeat(43);
    await enterPost(new Request(`http://localhost:3000/api/enter/${token}`, { method: "POST", headers: { origin: "http://localhost:3000", [CLIENT_ADDRESS_HEADER]: "203.0.113.9" } }), { params: Promise.resolve({ token }) });
    const after = await scrapeText();
    expect(after).toContain('route="/api/enter/[token]"');
    expect(after).not.toContain(token);
  });

  it("reads each queue's depth from pg-boss when scraped, and counts jobs by outcome", async () => {
    const db = await getDb();
    const queue = await getJobQueue();
    const email = (n: number) => ({ to: `metrics-${n}@example.com`, subject: "Hello", text: "Hi", html: "<p>Hi</p>", about: { entityType: "Client", entityId: "1", purpose: "test" } });
    await sendJob(db, "email.send", email(1));
    await sendJob(db, "email.send", email(2));
    await sendJob(db, "email.send", email(3), { startAfter: new Date(Date.now() + 3_600_000) });
    let text = await scrapeText();
    expect(valueOf(text, 'portal_job_queue_jobs{job="email.send",state="waiting"}')).toBe(2);
    expect(valueOf(text, 'portal_job_queue_jobs{job="email.send",state="deferred"}')).toBe(1);
    expect(valueOf(text, 'portal_job_queue_jobs{job="invoice.raise",state="waiting"}')).toBe(0);
    expect(valueOf(text, 'portal_job_queue_oldest_waiting_seconds{job="email.send"}')).toBeGreaterThanOrEqual(0);
    const completedBefore = valueOf(text, 'portal_jobs_total{job="email.send",outcome="completed"}');

    await workDueJobs(queue);
    text = await scrapeText();
    expect(valueOf(text, 'portal_job_queue_jobs{job="email.send",state="waiting"}')).toBe(0);
    expect(valueOf(text, 'portal_jobs_total{job="email.send",outcome="completed"}')).toBe(completedBefore + 2);
    expect(valueOf(text, 'portal_job_duration_seconds_count{job="email.send",outcome="completed"}')).toBeGreaterThanOrEqual(2);
    // Each email went through the email adapter: an outside call.
    expect(valueOf(text, 'portal_outside_calls_total{service="email",operation="send",outcome="success"}')).toBeGreaterThanOrEqual(2);
  });

  it("counts outside calls that fail, with their duration", async () => {
    const before = valueOf(await scrapeText(), 'portal_outside_calls_total{service="sage",operation="createContact",outcome="failure"}');
    await expect(withOutsideCall("sage", "createContact", () => Promise.reject(new Error("Sage is down")))).rejects.toThrow("Sage is down");
    const text = await scrapeText();
    expect(valueOf(text, 'portal_outside_calls_total{service="sage",operation="createContact",outcome="failure"}')).toBe(before + 1);
    expect(valueOf(text, 'portal_outside_call_duration_seconds_count{service="sage",operation="createContact",outcome="failure"}')).toBeGreaterThanOrEqual(1);
  });

  it("counts webhook deliveries by provider and outcome; only those whose token held are stored", async () => {
    const db = await getDb();
    const notify = (authorization: string) => yotiWebhook(apiRequest("/api/webhooks/yoti", { method: "POST", headers: { authorization }, body: { session_id: "no-such-session", topic: "SESSION_COMPLETION" } }));
    const series = (outcome: string) => `portal_webhook_deliveries_total{provider="yoti",outcome="${outcome}"}`;
    const rowsBefore = (await db.select().from(webhookDeliveries)).length;
    const before = await scrapeText();

    expect((await notify(expectedAuthorization(`${yoti().webhookToken}x`, "BASIC"))).status).toBe(401);
    let text = await scrapeText();
    expect(valueOf(text, series("refused"))).toBe(valueOf(before, series("refused")) + 1);
    expect((await db.select().from(webhookDeliveries)).length).toBe(rowsBefore);

    expect((await notify(expectedAuthorization(yoti().webhookToken, "BASIC"))).status).toBe(200);
    text = await scrapeText();
    expect(valueOf(text, series("accepted"))).toBe(valueOf(before, series("accepted")) + 1);
    const rows = await db.select().from(webhookDeliveries);
    expect(rows).toHaveLength(rowsBefore + 1);
    expect(rows.at(-1)).toMatchObject({ provider: "yoti", eventType: "SESSION_COMPLETION", outcome: "accepted", status: 200 });
  });

  it("counts sign-in links sent and used", async () => {
    await clearRateLimits();
    const text = await scrapeText();
    const sent = valueOf(text, 'portal_sign_in_links_total{event="sent"}');
    const used = valueOf(text, 'portal_sign_in_links_total{event="used"}');
    const token = await emailedToken(contact);
    expect(valueOf(await scrapeText(), 'portal_sign_in_links_total{event="sent"}')).toBe(sent + 1);
    const res = await enterPost(new Request(`http://localhost:3000/api/enter/${token}`, { method: "POST", headers: { origin: "http://localhost:3000", [CLIENT_ADDRESS_HEADER]: "203.0.113.9" } }), { params: Promise.resolve({ token }) });
    expect(res.status).toBe(303);
    expect(valueOf(await scrapeText(), 'portal_sign_in_links_total{event="used"}')).toBe(used + 1);
  });
});

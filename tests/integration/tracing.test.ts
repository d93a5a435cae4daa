// Traces (lib/tracing) with an in-memory exporter: a request's span, the span that enqueues a job,
// the job's span in the worker continuing that trace, and the database queries and outside calls
// made inside them. Then, with tracing off, no trace is carried in a job's payload.
import { SpanStatusCode } from "@opentelemetry/api";
import { InMemorySpanExporter, type ReadableSpan } from "@opentelemetry/sdk-trace-node";
import { sql } from "drizzle-orm";
import { POST as sendLink } from "@/app/api/send-link/route";
import { getDb } from "@/db";
import { rowsOf } from "@/db/client";
import { getJobQueue } from "@/lib/jobs/queue";
import { sendJob } from "@/lib/jobs/send-job";
import { workDueJobs } from "@/lib/jobs/work-due-jobs";
import { startTracing, type Tracing } from "@/lib/tracing/start-tracing";
import { SpanKind, tracingOn, withSpan } from "@/lib/tracing/tracing";
import { human, jsonRequest } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";
import { clearRateLimits, contact } from "./support/sign-in";

setupTestDb();

const exporter = new InMemorySpanExporter();
let tracing: Tracing | undefined;

beforeAll(async () => {
  await getJobQueue();
  tracing = startTracing({ exporter });
});

afterAll(async () => {
  await tracing?.stop();
});

beforeEach(async () => {
  exporter.reset();
  await (await getDb()).execute(sql`delete from pgboss.job where state < 'completed'`);
});

const spanId = (s: ReadableSpan) => s.spanContext().spanId;
const traceId = (s: ReadableSpan) => s.spanContext().traceId;
const parentOf = (s: ReadableSpan) => s.parentSpanContext?.spanId;

function only(name: string): ReadableSpan {
  const found = exporter.getFinishedSpans().filter((s) => s.name === name);
  expect(found.map((s) => s.name)).toEqual([name]);
  return found[0]!;
}

const email = { to: "traced@example.com", subject: "Traced", text: "Hi", html: "<p>Hi</p>", about: { entityType: "Client", entityId: "1", purpose: "tracing test" } };

describe("with traces on", () => {
  it("gives the job's span the span that enqueued it as parent, in the enqueuing request's trace", async () => {
    const db = await getDb();
    await withSpan("incoming request", { kind: SpanKind.SERVER }, () => sendJob(db, "email.send", email));
    await workDueJobs(await getJobQueue());

    const request = only("incoming request");
    const enqueue = only("send email.send");
    const job = only("job email.send");
    expect(enqueue.kind).toBe(SpanKind.PRODUCER);
    expect(parentOf(enqueue)).toBe(spanId(request));
    expect(job.kind).toBe(SpanKind.CONSUMER);
    expect(parentOf(job)).toBe(spanId(enqueue));
    expect(traceId(job)).toBe(traceId(request));
    expect(job.attributes).toMatchObject({ "messaging.destination.name": "email.send", "portal.job.attempt": 1 });

    // Inside the job: the email adapter's call, and the audit entry's INSERT, as its children.
    const call = only("email send");
    expect(call.kind).toBe(SpanKind.CLIENT);
    expect(parentOf(call)).toBe(spanId(job));
    expect(call.attributes).toMatchObject({ "peer.service": "email", "portal.outside.operation": "send" });
    const inserts = exporter.getFinishedSpans().filter((s) => s.name === "INSERT postgresql" && parentOf(s) === spanId(job));
    expect(inserts.map((s) => s.attributes["db.query.text"])).toContainEqual(expect.stringMatching(/^insert into "audit_entries"/));
    // The query's text has placeholders, never the values bound to them.
    for (const s of exporter.getFinishedSpans().filter((x) => x.name.endsWith(" postgresql"))) expect(String(s.attributes["db.query.text"])).not.toContain("traced@example.com");
  });

  it("continues a route's request into the job it sent: POST /api/send-link to the sign-in email", async () => {
    await clearRateLimits();
    const res = await sendLink(jsonRequest("/api/send-link", { ...human, ...contact }));
    expect(res.status).toBe(200);
    await workDueJobs(await getJobQueue());

    const route = only("POST /api/send-link");
    expect(route.attributes).toMatchObject({ "http.route": "/api/send-link", "http.request.method": "POST", "http.response.status_code": 200 });
    const enqueue = only("send sign-in-link.send");
    const job = only("job sign-in-link.send");
    expect(parentOf(enqueue)).toBe(spanId(route));
    expect(parentOf(job)).toBe(spanId(enqueue));
    expect(traceId(job)).toBe(traceId(route));
    // The bot check's call to reCAPTCHA belongs to the request.
    expect(parentOf(only("captcha assess"))).toBe(spanId(route));
  });

  it("starts a trace of its own for a job sent outside any span (a schedule)", async () => {
    await sendJob(await getDb(), "email.send", email);
    const [row] = rowsOf<{ data: Record<string, unknown> }>(await (await getDb()).execute(sql`select data from pgboss.job where name = 'email.send' and state = 'created'`));
    expect(row!.data.__trace).toMatchObject({ traceparent: expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/) });
    exporter.reset();
    await (await getDb()).execute(sql`update pgboss.job set data = data - '__trace' where name = 'email.send' and state = 'created'`);
    await workDueJobs(await getJobQueue());
    const job = only("job email.send");
    expect(job.parentSpanContext).toBeUndefined();
  });

  it("marks the span of a failing attempt failed", async () => {
    // A payload its schema refuses (sent past sendJob's own check, as one from an older deploy).
    const { boss } = await getJobQueue();
    await boss.send("email.send", { to: "nobody" });
    await workDueJobs(await getJobQueue(), { names: ["email.send"] });
    const job = only("job email.send");
    expect(job.status.code).toBe(SpanStatusCode.ERROR);
    expect(job.attributes["error.type"]).toBe("ZodError");
  });
});

describe("with traces off", () => {
  it("records no span and carries no trace in the job", async () => {
    await tracing?.stop();
    tracing = undefined;
    expect(tracingOn()).toBe(false);
    exporter.reset();
    const db = await getDb();
    await withSpan("incoming request", {}, () => sendJob(db, "email.send", email));
    const [row] = rowsOf<{ data: Record<string, unknown> }>(await db.execute(sql`select data from pgboss.job where name = 'email.send' and state = 'created'`));
    expect(row!.data).not.toHaveProperty("__trace");
    await workDueJobs(await getJobQueue());
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});

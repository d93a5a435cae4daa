// GET /api/health/live and /api/health/ready (lib/health/readiness.ts) against this worker's
// database, and against one that cannot be reached: a closed port.
import net from "node:net";
import { GET as live } from "@/app/api/health/live/route";
import { GET as ready } from "@/app/api/health/ready/route";
import { closeDb, getDatabase } from "@/db";
import { openDatabase } from "@/db/client";
import { resetEnvCache } from "@/lib/env";
import { buildMigrations, checkReadiness } from "@/lib/health/readiness";
import { startWorkerHttp } from "@/lib/health/worker-http";
import { getJobQueue } from "@/lib/jobs/queue";
import { apiRequest } from "./support/requests";
import { setupTestDb } from "./support/setup-test-db";

setupTestDb({ seed: false });

/** A port on this machine that nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const onPostgres = Boolean(process.env.DATABASE_URL);

describe("GET /api/health/live", () => {
  it("answers 200 { status: ok } without opening the database", async () => {
    const res = await live(apiRequest("/api/health/live"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    expect(res.headers.get("cache-control")).toContain("no-store");
  });
});

describe("GET /api/health/ready", () => {
  it("is 200 when the database answers, every migration of the build is applied and the queue has started", async () => {
    await getJobQueue();
    const res = await ready(apiRequest("/api/health/ready"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", checks: { database: "ok", migrations: "ok", queue: "ok" } });
  });

  (onPostgres ? it : it.skip)("is 503 naming the database when the database cannot be reached", async () => {
    const saved = process.env.DATABASE_URL!;
    const unreachable = new URL(saved);
    unreachable.hostname = "127.0.0.1";
    unreachable.port = String(await closedPort());
    try {
      await closeDb();
      process.env.DATABASE_URL = unreachable.toString();
      resetEnvCache();
      const started = Date.now();
      const res = await ready(apiRequest("/api/health/ready"));
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: "unavailable", failed: ["database", "migrations"], checks: { database: "unreachable", migrations: "unknown", queue: "ok" } });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await closeDb();
      process.env.DATABASE_URL = saved;
      resetEnvCache();
    }
    // And the next request, with the database back, is ready again.
    expect((await ready(apiRequest("/api/health/ready"))).status).toBe(200);
  });
});

describe("checkReadiness", () => {
  const queueStarted = () => true;

  (onPostgres ? it : it.skip)("fails the database check for a database on a closed port, and cannot tell about migrations", async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.hostname = "127.0.0.1";
    url.port = String(await closedPort());
    const handle = await openDatabase({ databaseUrl: url.toString() });
    try {
      const readiness = await checkReadiness({ database: async () => handle, queueStarted });
      expect(readiness).toEqual({ ready: false, failed: ["database", "migrations"], checks: { database: "unreachable", migrations: "unknown", queue: "ok" } });
    } finally {
      await handle.close();
    }
  });

  it("fails the database check when the database cannot even be opened", async () => {
    const readiness = await checkReadiness({ database: () => Promise.reject(new Error("cannot open")), queueStarted });
    expect(readiness.failed).toEqual(["database", "migrations"]);
  });

  it("says when the database does not answer in time", async () => {
    const readiness = await checkReadiness({ database: () => new Promise(() => {}), queueStarted, timeoutMs: 50 });
    expect(readiness.checks.database).toBe("no answer in time");
  });

  it("names a migration of the build that the database lacks", async () => {
    const migrations = () => [...buildMigrations(), { tag: "9999_not_yet", when: 9_999_999_999_999 }];
    const readiness = await checkReadiness({ database: getDatabase, queueStarted, migrations });
    expect(readiness).toEqual({ ready: false, failed: ["migrations"], checks: { database: "ok", migrations: "9999_not_yet not applied", queue: "ok" } });
  });

  it("passes every check of this worker's database, and fails the queue when it has not started", async () => {
    expect(await checkReadiness({ database: getDatabase, queueStarted })).toEqual({ ready: true, failed: [], checks: { database: "ok", migrations: "ok", queue: "ok" } });
    expect(await checkReadiness({ database: getDatabase, queueStarted: () => false })).toMatchObject({ ready: false, failed: ["queue"], checks: { queue: "not started" } });
  });
});

describe("the worker's endpoints (WORKER_HTTP_PORT)", () => {
  it("answers the same paths as the portal: live, ready, and the metrics under the token", async () => {
    await getJobQueue();
    const token = "worker-metrics-token-0123456789abcdef";
    const server = await startWorkerHttp({ port: 0, host: "127.0.0.1", metricsToken: token });
    const get = (path: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${server.port}${path}`, { headers });
    try {
      expect(await (await get("/api/health/live")).json()).toEqual({ status: "ok" });
      const readyRes = await get("/api/health/ready");
      expect(readyRes.status).toBe(200);
      expect(await readyRes.json()).toEqual({ status: "ok", checks: { database: "ok", migrations: "ok", queue: "ok" } });
      expect((await get("/api/metrics")).status).toBe(401);
      const metrics = await get("/api/metrics", { authorization: `Bearer ${token}` });
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(/^portal_database_up 1$/m);
      expect((await get("/elsewhere")).status).toBe(404);
    } finally {
      await server.close();
    }
    const without = await startWorkerHttp({ port: 0, host: "127.0.0.1", metricsToken: undefined });
    try {
      expect((await fetch(`http://127.0.0.1:${without.port}/api/metrics`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
    } finally {
      await without.close();
    }
  });
});

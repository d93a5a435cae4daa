import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * The process's Prometheus metrics (docs/operations.md "Metrics"), served at GET /api/metrics.
 *
 * One set per process, kept on globalThis: the portal's server (scripts/serve.ts, run by tsx) and
 * the Next.js build it serves load this module separately, and both must count into the same
 * registry. Every instance is scraped on its own, so the numbers are this process's; Prometheus
 * adds them up across instances.
 *
 * Label values are always from closed sets (route patterns, job names, service names, outcomes),
 * never from what a caller sent, so the number of series stays bounded.
 */
export interface PortalMetrics {
  registry: Registry;
  httpDuration: Histogram<"method" | "route" | "status">;
  jobs: Counter<"job" | "outcome">;
  jobDuration: Histogram<"job" | "outcome">;
  queueDepth: Gauge<"job" | "state">;
  queueOldestWaiting: Gauge<"job">;
  webhookDeliveries: Counter<"provider" | "outcome">;
  outsideCalls: Counter<"service" | "operation" | "outcome">;
  outsideCallDuration: Histogram<"service" | "operation" | "outcome">;
  signInLinks: Counter<"event">;
  databaseUp: Gauge;
  poolTotal: Gauge;
  poolIdle: Gauge;
  poolWaiting: Gauge;
}

/** Seconds: from a fast cached page (5 ms) to a slow outside service (30 s). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Jobs run longer: an invoice round trip, a retention sweep over many files. */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

function create(): PortalMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpDuration: new Histogram({
      name: "portal_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by method, route pattern and status code",
      labelNames: ["method", "route", "status"],
      buckets: DURATION_BUCKETS,
      registers,
    }),
    jobs: new Counter({ name: "portal_jobs_total", help: "Job attempts by job and outcome (completed, failed, given_up)", labelNames: ["job", "outcome"], registers }),
    jobDuration: new Histogram({ name: "portal_job_duration_seconds", help: "Time a job attempt ran, by job and outcome", labelNames: ["job", "outcome"], buckets: JOB_BUCKETS, registers }),
    queueDepth: new Gauge({ name: "portal_job_queue_jobs", help: "Jobs per queue and state (waiting, deferred, active, failed), read from pg-boss at scrape time", labelNames: ["job", "state"], registers }),
    queueOldestWaiting: new Gauge({ name: "portal_job_queue_oldest_waiting_seconds", help: "Age of the oldest job waiting to run, per queue, at scrape time (0 when none waits)", labelNames: ["job"], registers }),
    webhookDeliveries: new Counter({ name: "portal_webhook_deliveries_total", help: "Webhook deliveries by provider and outcome (accepted, refused, failed)", labelNames: ["provider", "outcome"], registers }),
    outsideCalls: new Counter({ name: "portal_outside_calls_total", help: "Calls to outside services by service, operation and outcome (success, failure)", labelNames: ["service", "operation", "outcome"], registers }),
    outsideCallDuration: new Histogram({
      name: "portal_outside_call_duration_seconds",
      help: "Time of a call to an outside service, by service, operation and outcome",
      labelNames: ["service", "operation", "outcome"],
      buckets: DURATION_BUCKETS,
      registers,
    }),
    signInLinks: new Counter({ name: "portal_sign_in_links_total", help: "Emailed sign-in links sent and used", labelNames: ["event"], registers }),
    databaseUp: new Gauge({ name: "portal_database_up", help: "1 when the database answered the scrape's queries, else 0", registers }),
    poolTotal: new Gauge({ name: "portal_db_pool_connections", help: "Connections open in the database pool (in use and idle)", registers }),
    poolIdle: new Gauge({ name: "portal_db_pool_idle_connections", help: "Idle connections in the database pool", registers }),
    poolWaiting: new Gauge({ name: "portal_db_pool_waiting_requests", help: "Queries waiting for a free connection of the database pool", registers }),
  };
}

const store = globalThis as unknown as { __portalMetrics?: PortalMetrics };

/** This process's metrics, created on first use. */
export function metrics(): PortalMetrics {
  store.__portalMetrics ??= create();
  return store.__portalMetrics;
}

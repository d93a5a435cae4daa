import { AsyncLocalStorage } from "node:async_hooks";
import type { Principal } from "../auth/principal";

/**
 * What every log line written inside a request or a job carries without being told: the request id
 * (and, once the route's guard has run, who is calling), or the job's name and id.
 *
 * One AsyncLocalStorage for the whole process, kept on globalThis: the portal's server
 * (scripts/serve.ts, run by tsx) opens a request's context, and the route handlers that log inside
 * it are Next.js's own bundled copy of this module. Both copies must find the same storage.
 */
/** The request header that carries a request's id (lib/log/request-logging.ts). */
export const REQUEST_ID_HEADER = "x-request-id";

export interface LogContext {
  requestId?: string;
  /** Who is calling, as `admin:<user id>`, `director:<id>`, `client:<id>` or `api-key`: never an email. */
  userId?: string;
  /** The caller's role (Admin, DV_CompanyContact, DV_Director). */
  role?: string;
  jobName?: string;
  jobId?: string;
}

const KEY = Symbol.for("director-verification-portal.log-context");
const globals = globalThis as unknown as Record<symbol, AsyncLocalStorage<LogContext> | undefined>;
const storage: AsyncLocalStorage<LogContext> = (globals[KEY] ??= new AsyncLocalStorage<LogContext>());

/** Runs `fn` with these fields on every log line it writes (nested contexts add to the outer one). */
export function withLogContext<T>(fields: LogContext, fn: () => T): T {
  const outer = storage.getStore();
  return storage.run({ ...outer, ...fields }, fn);
}

/**
 * Runs `fn` in a context whose store is `store` itself, so that the caller can read what was added
 * to it later (the portal's server reads the caller a route's guard found, for the request's line).
 */
export function runInLogContext<T>(store: LogContext, fn: () => T): T {
  return storage.run(store, fn);
}

/*
 * API routes open their log context themselves (lib/route.ts), around the route handler only. The
 * portal's server, which writes the request's line, hands them its context object by request id
 * rather than running all of Next.js's handling inside an AsyncLocalStorage of its own (which costs
 * every promise of the request: docs/speed.md, "Logging and metrics on the request rate"): the
 * route runs in that very object, so the caller its guard adds reaches the server's line.
 */
const SHARED_KEY = Symbol.for("director-verification-portal.shared-request-contexts");
const sharedGlobals = globalThis as unknown as Record<symbol, Map<string, LogContext> | undefined>;
const shared: Map<string, LogContext> = (sharedGlobals[SHARED_KEY] ??= new Map());

/** Offers `context` to the route that handles its request; the returned function withdraws it. */
export function shareRequestContext(context: LogContext & { requestId: string }): () => void {
  shared.set(context.requestId, context);
  return () => {
    if (shared.get(context.requestId) === context) shared.delete(context.requestId);
  };
}

/** The context the portal's server offered for this request id, if any. */
export function sharedRequestContext(requestId: string): LogContext | undefined {
  return shared.get(requestId);
}

/** The context of the request or job in progress, if any (the live object: see setLogContext). */
export function currentLogContext(): LogContext | undefined {
  return storage.getStore();
}

/**
 * Adds fields to the context in progress, for the rest of it (e.g. the caller, once the guard has
 * found them, which the request's closing line also reports). Does nothing outside a context.
 */
export function setLogContext(fields: LogContext): void {
  const store = storage.getStore();
  if (store) Object.assign(store, fields);
}

/** The caller of a request as log fields: an id and a role, never the email. */
export function callerFields(principal: Pick<Principal, "type"> & Partial<Principal>): Pick<LogContext, "userId" | "role"> {
  const userId =
    principal.via === "api-key"
      ? "api-key"
      : principal.userId !== undefined
        ? `admin:${principal.userId}`
        : principal.directorId !== undefined
          ? `director:${principal.directorId}`
          : principal.clientId !== undefined
            ? `client:${principal.clientId}`
            : undefined;
  return { role: principal.type, ...(userId ? { userId } : {}) };
}

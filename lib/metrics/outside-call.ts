import { SpanKind, withSpan } from "@/lib/tracing/tracing";
import { saveOutsideCall } from "@/lib/server/operations/save-outside-call";
import { metrics } from "./registry";

/**
 * The hook every adapter of an outside service goes through (docs/operations.md "Outside calls").
 * One call is: a CLIENT span, a count and a duration in the metrics (`portal_outside_calls_total`,
 * `portal_outside_call_duration_seconds`), and the service's state in the database, shared by all
 * instances, which the operator's page shows (last success, last failure and its message, failures
 * in the last hour).
 *
 * Adapters are wrapped where the process's adapter is built (`getSage()`, `getStripe()`, …) with
 * `instrumentAdapter`; code that calls a service some other way wraps the call in `withOutsideCall`.
 * Service names are short, lower-case and fixed: stripe, yoti, sage, captcha, email, storage,
 * companies-house. Operation names are the adapter's method names.
 */

/** The outside services, in the order the operator's page lists them. */
export const OUTSIDE_SERVICES = ["stripe", "yoti", "sage", "companies-house", "email", "storage", "captcha"] as const;

export type OutsideCallOutcome = "success" | "failure";

export interface OutsideCall {
  service: string;
  operation: string;
  outcome: OutsideCallOutcome;
  seconds: number;
  /** The failure's message (first 500 characters), for the operator's page. */
  error?: string;
  at?: Date;
}

export interface OutsideCallOptions {
  /**
   * Whether a thrown error means the service failed. Default: every error does. An answer the
   * caller expects (Stripe's "no such session", Yoti's 404) is a success of the service.
   */
  isFailure?: (err: unknown) => boolean;
}

/** Messages are kept short and on one line; a stack or a response body never reaches the page. */
export function failureMessage(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const oneLine = text.replace(/\s+/g, " ").trim() || (err instanceof Error ? err.name : "unknown error");
  return oneLine.length > 500 ? `${oneLine.slice(0, 499)}…` : oneLine;
}

/** Records one call that has ended: metrics now, the shared state in the background. */
export function recordOutsideCall(call: OutsideCall) {
  const m = metrics();
  const labels = { service: call.service, operation: call.operation, outcome: call.outcome };
  m.outsideCalls.inc(labels);
  m.outsideCallDuration.observe(labels, call.seconds);
  saveOutsideCall({ service: call.service, operation: call.operation, outcome: call.outcome, error: call.error, at: call.at ?? new Date() });
}

/** Runs one call to an outside service, recording it (see above). Errors are thrown on unchanged. */
export async function withOutsideCall<T>(service: string, operation: string, fn: () => Promise<T>, options: OutsideCallOptions = {}): Promise<T> {
  const started = performance.now();
  return withSpan(`${service} ${operation}`, { kind: SpanKind.CLIENT, attributes: { "peer.service": service, "portal.outside.operation": operation } }, async () => {
    try {
      const result = await fn();
      recordOutsideCall({ service, operation, outcome: "success", seconds: (performance.now() - started) / 1000 });
      return result;
    } catch (err) {
      const failed = options.isFailure ? options.isFailure(err) : true;
      recordOutsideCall({ service, operation, outcome: failed ? "failure" : "success", seconds: (performance.now() - started) / 1000, error: failed ? failureMessage(err) : undefined });
      throw err;
    }
  });
}

type AsyncMethodName<T> = { [K in keyof T & string]: T[K] extends (...args: never[]) => Promise<unknown> ? K : never }[keyof T & string];

/**
 * The adapter with `methods` recorded as outside calls; everything else (properties, local methods
 * such as signature checks) is the adapter's own, called on the adapter itself.
 *
 * A method replaced on the adapter after this (a test's `jest.spyOn(getYoti(), "getSession")`) is
 * handed out as it now is: the spy wraps the recorded method, which still calls the adapter's own.
 */
export function instrumentAdapter<T extends object>(service: string, adapter: T, methods: readonly AsyncMethodName<T>[], options: OutsideCallOptions = {}): T {
  const originals = new Map<PropertyKey, unknown>();
  const wrapped = new Map<PropertyKey, unknown>();
  for (const name of methods) {
    const fn = adapter[name] as unknown as (...args: unknown[]) => Promise<unknown>;
    originals.set(name, fn);
    wrapped.set(name, (...args: unknown[]) => withOutsideCall(service, name, () => fn.apply(adapter, args), options));
  }
  return new Proxy(adapter, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (wrapped.has(prop) && value === originals.get(prop)) return wrapped.get(prop);
      // A class's methods run on the adapter itself (its private fields are not the proxy's); a
      // function set on the object (a closure, a test's spy) is handed out as it is.
      return typeof value === "function" && !Object.hasOwn(target, prop) ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * A `fetch` that records each HTTP request as an outside call, for adapters whose methods may be
 * answered without one (from a cache): only the requests that reach the service are counted. A
 * network error, a 5xx, a refused key (401, 403) or a rate limit (429) is a failure of the service;
 * any other answer (a 404 included) is the service working. `operationOf` names the request by its
 * path, from a closed set (never the path itself, which holds record numbers).
 */
export function recordedFetch(service: string, operationOf: (url: URL) => string, fetchImpl: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const operation = operationOf(url);
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    return withSpan(`${service} ${operation}`, { kind: SpanKind.CLIENT, attributes: { "peer.service": service, "portal.outside.operation": operation } }, async (span) => {
      let res: Response;
      try {
        res = await fetchImpl(input, init);
      } catch (err) {
        recordOutsideCall({ service, operation, outcome: "failure", seconds: seconds(), error: failureMessage(err) });
        throw err;
      }
      span?.setAttribute("http.response.status_code", res.status);
      const failed = res.status >= 500 || res.status === 401 || res.status === 403 || res.status === 429;
      recordOutsideCall({ service, operation, outcome: failed ? "failure" : "success", seconds: seconds(), error: failed ? `HTTP ${res.status} from ${url.host}` : undefined });
      return res;
    });
  };
}

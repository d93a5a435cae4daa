import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span } from "@opentelemetry/api";

/**
 * Traces (docs/operations.md "Traces"): spans for requests, database queries, jobs and outside
 * calls, exported over OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set (lib/tracing/start-tracing.ts).
 *
 * Off, every helper here is one property check and a direct call: no span object, no context
 * switch. The flag lives on globalThis because the portal's server and the Next.js build it serves
 * load this module separately (as lib/metrics/registry.ts explains).
 */
const state = globalThis as unknown as { __portalTracing?: boolean };

export { SpanKind };

/** Whether spans are recorded in this process. */
export function tracingOn(): boolean {
  return state.__portalTracing === true;
}

/** Set by startTracing (and by tests with an in-memory exporter). */
export function setTracingOn(on: boolean) {
  state.__portalTracing = on;
}

const TRACER = "director-verification-portal";

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The parent, when it is not the active span (a job continues the trace that enqueued it). */
  parent?: Context;
}

/** Marks a span failed with the error's class and message (never the error's data). */
export function failSpan(span: Span, err: unknown) {
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500) });
  span.setAttribute("error.type", err instanceof Error ? err.constructor.name : "_OTHER");
}

/**
 * Runs `fn` inside a new span (the active one while it runs), ended when `fn` settles and marked
 * failed when it throws. When tracing is off, `fn` runs as it is, given no span.
 */
export async function withSpan<T>(name: string, options: SpanOptions, fn: (span: Span | undefined) => Promise<T>): Promise<T> {
  if (!tracingOn()) return fn(undefined);
  const parent = options.parent ?? context.active();
  const span = trace.getTracer(TRACER).startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => fn(span));
  } catch (err) {
    failSpan(span, err);
    throw err;
  } finally {
    span.end();
  }
}

/** Starts a span that the caller ends (for callback-style code); undefined when tracing is off. */
export function startSpan(name: string, options: SpanOptions = {}): Span | undefined {
  if (!tracingOn()) return undefined;
  return trace.getTracer(TRACER).startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, options.parent ?? context.active());
}

/** W3C trace context of the active span, as stored in a job's payload. */
export type TraceCarrier = { traceparent: string };

/** The active span's trace context to carry elsewhere (a job), or undefined when there is none. */
export function currentTraceCarrier(): TraceCarrier | undefined {
  if (!tracingOn()) return undefined;
  const spanContext = trace.getSpanContext(context.active());
  if (!spanContext || !trace.isSpanContextValid(spanContext)) return undefined;
  // The W3C `traceparent` header's form, written here rather than by the registered propagator, so
  // that what a job carries does not depend on which propagators (baggage…) a deployment added.
  return { traceparent: `00-${spanContext.traceId}-${spanContext.spanId}-${(spanContext.traceFlags & 1).toString(16).padStart(2, "0")}` };
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The context a carried trace continues from (a new trace when the carrier is absent or malformed). */
export function contextFromCarrier(carrier: TraceCarrier | undefined): Context {
  const match = carrier ? TRACEPARENT.exec(carrier.traceparent) : null;
  if (!match) return ROOT_CONTEXT;
  const spanContext = { traceId: match[1]!, spanId: match[2]!, traceFlags: Number.parseInt(match[3]!, 16), isRemote: true };
  if (!trace.isSpanContextValid(spanContext)) return ROOT_CONTEXT;
  return trace.setSpanContext(ROOT_CONTEXT, spanContext);
}

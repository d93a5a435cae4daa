import { trace } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider, SimpleSpanProcessor, type SpanExporter } from "@opentelemetry/sdk-trace-node";
import { setTracingOn } from "./tracing";

export interface StartTracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL; spans go to `<endpoint>/v1/traces`. */
  endpoint?: string;
  /** Instead of OTLP (tests): where finished spans go, one by one as they end. */
  exporter?: SpanExporter;
  /** `service.name` of every span. */
  serviceName?: string;
}

export interface Tracing {
  /** Sends the spans still buffered. */
  flush(): Promise<void>;
  /** Flushes, stops recording and unregisters the provider. */
  stop(): Promise<void>;
}

/** The OTLP/HTTP traces URL of a collector's base URL (as the OpenTelemetry SDKs derive it). */
export function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, "")}/v1/traces`;
}

/**
 * Records spans in this process and exports them: over OTLP/HTTP (JSON) to `endpoint` in batches,
 * or to `exporter`. Registers the provider globally with the AsyncLocalStorage context manager and
 * the W3C propagators, so Next.js's own request spans, pg-boss and this portal's spans share
 * traces. Called by instrumentation.ts and scripts/worker.ts when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set; never loaded otherwise. Headers for the collector (an API key) are read by the exporter from
 * OTEL_EXPORTER_OTLP_HEADERS, as every OpenTelemetry SDK does.
 */
export function startTracing(options: StartTracingOptions): Tracing {
  const exporter = options.exporter ?? new OTLPTraceExporter({ url: tracesUrl(options.endpoint ?? "http://localhost:4318") });
  const processor = options.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": options.serviceName ?? "director-verification-portal" }),
    spanProcessors: [processor],
  });
  provider.register();
  setTracingOn(true);
  return {
    flush: () => provider.forceFlush(),
    async stop() {
      setTracingOn(false);
      await provider.shutdown();
      trace.disable();
    },
  };
}

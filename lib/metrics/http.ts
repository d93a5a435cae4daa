import { SpanKind, tracingOn, withSpan } from "@/lib/tracing/tracing";
import { metrics } from "./registry";
import { routePattern } from "./route-pattern";
import { recordWebhookDelivery, webhookEventType, webhookProvider } from "./webhooks";

type Handler = (request: Request, context?: { params?: Promise<Record<string, string | string[] | undefined>> }) => Promise<Response>;

/** Deliveries to a webhook route whose signature held, by request, with the event's type. */
const verifiedDeliveries = new WeakMap<Request, { eventType?: string }>();

/** Called by lib/route.ts once a webhook's signature has held (before its handler runs). */
export function markWebhookVerified(request: Request, verified: unknown, body: string) {
  verifiedDeliveries.set(request, { eventType: webhookEventType(verified, body) });
}

type Observer = { observe(seconds: number): void };
/** One labelled series per method, route and status, looked up once (a route has few). */
const series = new Map<string, Observer>();

/** Observes one answered request in `portal_http_request_duration_seconds`. */
export function observeHttpRequest(method: string, route: string, status: number, seconds: number) {
  const key = `${method} ${route} ${status}`;
  let child = series.get(key);
  if (!child) {
    child = metrics().httpDuration.labels({ method, route, status: String(status) });
    series.set(key, child);
  }
  child.observe(seconds);
}

/**
 * A route handler measured (lib/route.ts wraps every handler in it): its duration by method, route
 * pattern and status; a span named after the route (inside Next.js's own request span); and, on a
 * webhook route, the delivery (lib/metrics/webhooks.ts). The handler must answer, not throw: the
 * route wrapper turns every error into a response.
 */
export function observeRoute(handler: Handler): Handler {
  return async (request, context) => {
    const started = performance.now();
    const method = request.method;
    const route = routePattern(new URL(request.url).pathname, await context?.params);
    const response = !tracingOn()
      ? await handler(request, context)
      : await withSpan(`${method} ${route}`, { kind: SpanKind.INTERNAL, attributes: { "http.request.method": method, "http.route": route } }, async (span) => {
          const answered = await handler(request, context);
          span?.setAttribute("http.response.status_code", answered.status);
          return answered;
        });
    observeHttpRequest(method, route, response.status, (performance.now() - started) / 1000);
    const provider = webhookProvider(route);
    if (provider) {
      const verified = verifiedDeliveries.get(request);
      await recordWebhookDelivery({ provider, status: response.status, verified: verified !== undefined, eventType: verified?.eventType });
    }
    return response;
  };
}

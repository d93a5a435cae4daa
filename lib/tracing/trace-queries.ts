import type { ClientBase } from "pg";
import { failSpan, SpanKind, startSpan, tracingOn } from "./tracing";

type Query = (...args: unknown[]) => unknown;

/** The statement's first word (SELECT, INSERT, WITH…), for the span's name. */
function operationOf(text: string): string {
  return /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase() ?? "QUERY";
}

/**
 * Gives each query of a pooled connection a CLIENT span (db/client.ts calls it for every new
 * connection of the portal's pool), whether it comes from the pool's own `query` or from a
 * transaction holding the connection. The span has the statement's text with its `$1` placeholders,
 * never the values bound to them. With tracing off, a query costs one more function call.
 */
export function traceQueries(client: ClientBase) {
  const query = client.query as unknown as Query;
  (client as unknown as { query: Query }).query = function tracedQuery(this: ClientBase, ...args: unknown[]) {
    const first = args[0] as { text?: unknown; submit?: unknown } | string | undefined;
    // A Submittable (cursor, stream) runs on its own schedule: left as it is.
    if (!tracingOn() || (typeof first === "object" && first !== null && typeof first.submit === "function")) return query.apply(this, args);
    const text = typeof first === "string" ? first : typeof first?.text === "string" ? first.text : "";
    const operation = operationOf(text);
    const span = startSpan(`${operation} postgresql`, { kind: SpanKind.CLIENT, attributes: { "db.system.name": "postgresql", "db.operation.name": operation, "db.query.text": text.slice(0, 4000) } });
    const end = (err?: unknown) => {
      if (err) failSpan(span!, err);
      span!.end();
    };
    const callbackAt = args.findIndex((a) => typeof a === "function");
    if (callbackAt >= 0) {
      const callback = args[callbackAt] as (err: unknown, result: unknown) => void;
      args[callbackAt] = (err: unknown, result: unknown) => {
        end(err);
        callback(err, result);
      };
      return query.apply(this, args);
    }
    try {
      const result = query.apply(this, args) as Promise<unknown>;
      return result.then(
        (value) => {
          end();
          return value;
        },
        (err: unknown) => {
          end(err);
          throw err;
        },
      );
    } catch (err) {
      end(err);
      throw err;
    }
  };
}

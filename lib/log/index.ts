import pino, { type Logger } from "pino";
import { currentLogContext } from "./context";
import { logLevelFrom } from "./level";
import { maskLine, maskText, redactFields } from "./redact";

/*
 * The server's logger (docs/operations.md, "Logs"): one JSON object a line on standard output, with
 * `level`, `time` (ISO 8601), `msg`, the context of the request or job in progress (lib/log/context.ts:
 * requestId, userId, role, jobName, jobId) and the fields a call passes. Secrets and personal data
 * are removed before a line is written (lib/log/redact.ts). In development on a terminal the lines
 * are pretty-printed instead (pino-pretty); production, tests and anything piped get JSON.
 *
 * Settings are read from the environment directly, not through getEnv() (see lib/log/level.ts).
 */

export { callerFields, currentLogContext, REQUEST_ID_HEADER, runInLogContext, setLogContext, shareRequestContext, sharedRequestContext, withLogContext, type LogContext } from "./context";

type Sink = (line: string) => void;

const SINK_KEY = Symbol.for("director-verification-portal.log-sink");
const globals = globalThis as unknown as Record<symbol, Sink | undefined>;

type EnvLike = Record<string, string | undefined>;

/** Whether lines are pretty-printed: a developer's terminal (APP_ENV development, a TTY), never under tests. */
export function prettyPrinting(env: EnvLike, isTTY: boolean): boolean {
  const appEnv = env.APP_ENV || (env.NODE_ENV === "production" ? "production" : "development");
  return isTTY && appEnv === "development" && env.NODE_ENV !== "test";
}

function standardOutput(): Sink {
  if (prettyPrinting(process.env, Boolean(process.stdout.isTTY))) {
    try {
      // In a worker thread, as pino-pretty is meant to run; Next.js keeps pino and pino-pretty out of
      // its bundle for this. pino-pretty is a development dependency: without it, JSON.
      const pretty = pino.transport({ target: "pino-pretty", options: { colorize: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" } });
      return (line) => void pretty.write(line);
    } catch {
      // fall through to JSON
    }
  }
  return batchedStandardOutput();
}

/**
 * Standard output in batches: the lines written in one turn of the event loop go out in one write,
 * on the next turn. Writing to a file or a pipe is a synchronous system call in Node.js, and one per
 * line cost a busy server about as much as the rest of the request's line (docs/speed.md,
 * "Logging and metrics on the request rate"); a quiet server still writes each line at once, a turn
 * later.
 * Whatever is pending when the process exits is written then.
 */
function batchedStandardOutput(): Sink {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const text = pending.join("");
    pending = [];
    process.stdout.write(text);
  };
  process.once("exit", flush);
  return (line) => {
    if (pending.push(line) === 1) setImmediate(flush);
  };
}

function withErrorsSerialized(fields: Record<string, unknown>): Record<string, unknown> {
  if (!(fields.err instanceof Error) && !(fields.error instanceof Error)) return fields;
  const out = { ...fields };
  for (const key of ["err", "error"]) if (out[key] instanceof Error) out[key] = pino.stdSerializers.err(out[key] as Error);
  return out;
}

let output: Sink | undefined;

/**
 * Sends the finished lines somewhere else until called again with undefined (tests: see
 * captureLogs). Process-wide, like the context, so Next.js's bundled copy of this module obeys it too.
 */
export function setLogSink(sink: Sink | undefined): void {
  globals[SINK_KEY] = sink;
}

/** The process's logger. Use it as pino's: `log.info({ clientId }, "[area] what happened")`. */
export const log: Logger = pino(
  {
    level: logLevelFrom(process.env.LOG_LEVEL),
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      level: (label) => ({ level: label }),
      // Every field, the context's included, passes through the redaction before it is written;
      // errors first take pino's shape (type, message with its causes, stack, own fields).
      log: (fields) => redactFields(withErrorsSerialized(fields)),
    },
    // Done above, before the redaction (pino would apply it after formatters.log).
    serializers: { err: (value: unknown) => value },
    mixin: () => ({ ...currentLogContext() }),
    hooks: {
      // The message and its arguments, before they are formatted; fields are masked by formatters.log.
      // Given an error and no message, pino would take the error's message as it is: give it masked.
      logMethod(args, method) {
        const masked: unknown[] = args.map((a) => (typeof a === "string" ? maskText(a) : a));
        const [first] = masked;
        if (masked.length === 1 && typeof first === "object" && first !== null) {
          const err = first instanceof Error ? first : (first as { err?: unknown }).err;
          if (err instanceof Error && !(first as { msg?: unknown }).msg) masked.push(maskText(err.message));
        }
        return method.apply(this, masked as Parameters<typeof method>);
      },
      // The finished line, once more: anything that reached it another way (lib/log/redact.ts).
      streamWrite: (line) => maskLine(line),
    },
  },
  {
    write(line: string) {
      const sink = globals[SINK_KEY];
      if (sink) return sink(line);
      output ??= standardOutput();
      output(line);
    },
  },
);

import type { LevelWithSilent } from "pino";
import { log, setLogSink } from "./index";

/** A log line as the logger writes it, parsed. */
export type LogRecord = Record<string, unknown> & { level: string; time: string; msg?: string };

export interface CapturedLogs {
  /** The raw lines, as they would have been written. */
  readonly lines: string[];
  /** The lines parsed. */
  records(): LogRecord[];
  /** The messages of the lines at a level (all levels when none is given). */
  messages(level?: string): string[];
  /** Writes to standard output again. */
  restore(): void;
}

/**
 * Keeps the log lines written from now on instead of writing them, until `restore()` (tests). The
 * lines are the finished ones: redacted and masked exactly as they would have been written. Lines
 * of `level` and above are kept, whatever LOG_LEVEL says (the test runs set it to warn).
 */
export function captureLogs(level: LevelWithSilent = "info"): CapturedLogs {
  const lines: string[] = [];
  const levelBefore = log.level;
  log.level = level;
  setLogSink((line) => void lines.push(line));
  const records = () => lines.map((l) => JSON.parse(l) as LogRecord);
  return {
    lines,
    records,
    messages: (level) => records()
      .filter((r) => level === undefined || r.level === level)
      .map((r) => String(r.msg ?? "")),
    restore: () => {
      setLogSink(undefined);
      log.level = levelBefore;
    },
  };
}

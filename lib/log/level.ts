/** The levels LOG_LEVEL may name (pino's), most severe first; `silent` writes nothing. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const DEFAULT_LOG_LEVEL: LogLevel = "info";

/**
 * LOG_LEVEL as the logger reads it: a known level (any case), else the default. The logger reads
 * it from the environment itself rather than through getEnv(): it must work before the
 * configuration is checked (to report that it is wrong) and in scripts that need no other setting.
 * getEnv() checks the same variable, so a misspelt level still stops the server, naming it.
 */
export function logLevelFrom(raw: string | undefined): LogLevel {
  const value = raw?.trim().toLowerCase();
  return (LOG_LEVELS as readonly string[]).includes(value ?? "") ? (value as LogLevel) : DEFAULT_LOG_LEVEL;
}

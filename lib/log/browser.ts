/**
 * How code that runs in the browser reports a problem: on the browser's console, the one place a
 * developer or support can see it there. The server's logger (lib/log: pino, AsyncLocalStorage) is
 * not for client bundles; this is the only file allowed to use the console (eslint.config.mjs).
 */
export function reportInBrowser(level: "warn" | "error", message: string, error?: unknown): void {
  const write = level === "warn" ? console.warn : console.error;
  if (error === undefined) write(message);
  else write(message, error);
}

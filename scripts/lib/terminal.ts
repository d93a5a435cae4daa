import { format } from "node:util";

/*
 * What a command-line script says to the person who ran it: usage, progress, tables, summaries
 * (`npm run db:seed`, `npm run jobs`, `npm run i18n:missing`…). Plain text, formatted as console.log
 * formats its arguments, not log lines: services (the portal's server, the worker, the simulators)
 * log through lib/log instead. The project's lint rule forbids `console` (eslint.config.mjs).
 */

/** A line on standard output. */
export function print(...args: unknown[]): void {
  process.stdout.write(`${format(...args)}\n`);
}

/** A line on standard error: problems, and a command's verdict where its output is data (i18n:missing). */
export function printError(...args: unknown[]): void {
  process.stderr.write(`${format(...args)}\n`);
}

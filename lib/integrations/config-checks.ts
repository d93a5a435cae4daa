// What the integrations' parts of the configuration (lib/integrations/*/config.ts, spread into
// lib/env.ts's schema) check alike.
import { z } from "zod";

/** An optional setting: trimmed, and empty counts as unset. */
export const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** An address on this machine: a simulator's, never the real service's. */
export const isLocal = (v: string) => /^https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)(:|\/|$)/i.test(v);

/** What a missing credential's problem says when unset outside production means the simulator. */
export const SIMULATOR_ONLY = "required in production (the simulator is for development only)";

/**
 * In production, a credential `name` must be set (`missing` says so when it is not) and must not be
 * the simulator's development value.
 */
export function productionSecretProblems(name: string, value: string | undefined, devValue: string, missing = "required in production"): string[] {
  if (!value) return [`${name}: ${missing}`];
  return value === devValue ? [`${name}: the simulator's development value is not allowed in production`] : [];
}

/** In production, the address `name` of a service, when set, must be neither local (the simulator) nor plain http. */
export function productionUrlProblems(name: string, value: string | undefined): string[] {
  if (!value) return [];
  if (isLocal(value)) return [`${name}: a local address (the simulator) is not allowed in production`];
  return value.startsWith("https:") ? [] : [`${name}: must be https in production`];
}

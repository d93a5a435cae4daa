/*
 * What a form needs of JSON Patch in the browser: the operations between two versions of a
 * record. No schema behind it (lib/json-patch/index.ts checks patches with zod on the server), so
 * the forms that send patches do not load zod with the page.
 */

export const PATCH_OPS = ["add", "remove", "replace", "test"] as const;
export type PatchOp = (typeof PATCH_OPS)[number];

export interface PatchOperation {
  op: PatchOp;
  path: string;
  value?: unknown;
}

/** Deep equality of JSON values (null, booleans, numbers, strings, arrays, plain objects). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") {
    return typeof a === "number" && typeof b === "number" ? a === b : false;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => jsonEqual(x, bb[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * The operations that turn `before` into `after` for the given fields: one `replace` per field whose
 * value differs (forms send only what changed).
 */
export function diffToOperations(before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>, fields: readonly string[]): PatchOperation[] {
  const ops: PatchOperation[] = [];
  for (const field of fields) {
    const a = before[field] ?? null;
    const b = after[field] ?? null;
    if (!jsonEqual(a, b)) ops.push({ op: "replace", path: `/${field}`, value: b });
  }
  return ops;
}

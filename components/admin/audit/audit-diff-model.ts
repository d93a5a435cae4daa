/*
 * Turns an audit entry's oldValue and newValue (any JSON) into something a person can read:
 * - JSON Patch operations (`{ op, path, value }`, one or a list): per operation its path, the
 *   type and value written, and the original value where the entry recorded it;
 * - two records (objects): field by field, before and after, changed fields marked;
 * - anything else: the two values side by side.
 * Pure, so it is unit-tested and can run on the server or in the browser.
 */

export type JsonKind = "null" | "string" | "number" | "boolean" | "array" | "object" | "none";

export interface FieldRow {
  field: string;
  before: unknown;
  after: unknown;
  hasBefore: boolean;
  hasAfter: boolean;
  changed: boolean;
}

export interface PatchRow {
  op: string;
  path: string;
  /** Type of the value written ("none" for remove). */
  type: JsonKind;
  value: unknown;
  hasValue: boolean;
  original: unknown;
  hasOriginal: boolean;
}

export type AuditDiff =
  | { kind: "none" }
  | { kind: "fields"; rows: FieldRow[]; hasBefore: boolean; hasAfter: boolean }
  | { kind: "patch"; rows: PatchRow[] }
  | { kind: "values"; before: unknown; after: unknown };

const PATCH_OPS = new Set(["add", "remove", "replace", "move", "copy", "test"]);

export function kindOf(value: unknown): JsonKind {
  if (value === undefined) return "none";
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  const t = typeof value;
  return t === "string" || t === "number" || t === "boolean" ? t : "object";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return kindOf(value) === "object";
}

function isPatchOp(value: unknown): value is { op: string; path: string; value?: unknown; from?: string; original?: unknown } {
  return isRecord(value) && typeof value.op === "string" && PATCH_OPS.has(value.op) && typeof value.path === "string";
}

function patchOps(value: unknown) {
  if (isPatchOp(value)) return [value];
  if (Array.isArray(value) && value.length > 0 && value.every(isPatchOp)) return value;
  return null;
}

/** The last segment of a JSON Pointer, unescaped (`/billing~1address` → `billing/address`). */
export function pointerKey(path: string): string {
  const last = path.split("/").pop() ?? "";
  return last.replace(/~1/g, "/").replace(/~0/g, "~");
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function originalOf(op: { path: string; original?: unknown }, index: number, oldValue: unknown): { original: unknown; hasOriginal: boolean } {
  if ("original" in op) return { original: op.original, hasOriginal: true };
  if (Array.isArray(oldValue) && index < oldValue.length) {
    const o = oldValue[index];
    if (isPatchOp(o)) return "value" in o ? { original: o.value, hasOriginal: true } : { original: undefined, hasOriginal: false };
    return { original: o, hasOriginal: true };
  }
  if (isRecord(oldValue)) {
    if (op.path in oldValue) return { original: oldValue[op.path], hasOriginal: true };
    const key = pointerKey(op.path);
    if (key in oldValue) return { original: oldValue[key], hasOriginal: true };
  }
  return { original: undefined, hasOriginal: false };
}

export function auditDiff(oldValue: unknown, newValue: unknown): AuditDiff {
  const before = oldValue ?? null;
  const after = newValue ?? null;
  if (before === null && after === null) return { kind: "none" };

  const ops = patchOps(after);
  if (ops) {
    return {
      kind: "patch",
      rows: ops.map((op, i) => ({
        op: op.op,
        path: op.path,
        type: kindOf(op.value),
        value: op.value,
        hasValue: "value" in op,
        ...originalOf(op, i, before),
      })),
    };
  }

  if ((before === null || isRecord(before)) && (after === null || isRecord(after))) {
    const b = (before ?? {}) as Record<string, unknown>;
    const a = (after ?? {}) as Record<string, unknown>;
    const fields = [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))];
    return {
      kind: "fields",
      hasBefore: before !== null,
      hasAfter: after !== null,
      rows: fields.map((field) => ({
        field,
        before: b[field],
        after: a[field],
        hasBefore: field in b,
        hasAfter: field in a,
        changed: before !== null && after !== null && !same(b[field], a[field]),
      })),
    };
  }

  return { kind: "values", before, after };
}

/** A value as text: strings as they are, everything else as (pretty) JSON. */
export function valueText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  return JSON.stringify(value, null, 2) ?? String(value);
}

/** Whether a value needs a block (multi-line JSON) rather than inline text. */
export function isBlockValue(value: unknown): boolean {
  const k = kindOf(value);
  return k === "object" || k === "array" || (typeof value === "string" && value.includes("\n"));
}

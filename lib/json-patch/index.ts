import { z } from "zod";

/*
 * A JSON Patch (RFC 6902) engine for flat records, restricted by an allow-list (docs/security.md).
 *
 * Supported: `add`, `replace`, `remove` and `test` on top-level members only (`/fieldName`).
 * On a record whose members always exist, `add` and `replace` both set the member; `remove` sets it
 * to null and is only allowed where the field's schema accepts null. `test` compares (deeply) with
 * the value the member has at that point of the sequence, as RFC 6902 §4.6 says.
 *
 * Pure: no I/O. `evaluatePatch` validates the whole document before anything is applied, so a
 * caller either gets the complete set of new values or a list of issues and changes nothing.
 * Everything else is rejected with an issue: paths outside the allow-list, prototype keys
 * (`__proto__`, `constructor`, `prototype`), nested or empty paths, `move` / `copy` and unknown
 * ops, missing or wrongly typed values, and two operations that set the same field to different
 * values. Members an operation does not define are ignored (RFC 6902 §4).
 *
 * Issue messages are message keys (see `clientDetail.validation` and `validation` in messages).
 */

import { PATCH_OPS, jsonEqual, type PatchOp } from "./diff";

// What the browser's forms use, without zod (./diff.ts).
export { PATCH_OPS, diffToOperations, jsonEqual, type PatchOp, type PatchOperation } from "./diff";

/** At most this many operations in one document (a client has about 30 editable fields). */
export const MAX_OPERATIONS = 100;
/** Longest accepted `path` string. */
export const MAX_PATH_LENGTH = 200;

/** Member names that must never be written, whatever an allow-list says. */
export const FORBIDDEN_MEMBERS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** The fields a caller may patch, each with the zod schema its new value must satisfy. */
export type AllowList = Readonly<Record<string, z.ZodType>>;

export interface PatchIssue {
  /** Index of the operation in the document; -1 for problems of the document or of several operations. */
  index: number;
  /** The field concerned when the path named an allowed field, else undefined. */
  field?: string;
  /** Message key. */
  message: string;
}

export interface PatchContext {
  /** The record before the patch (only allowed fields are read). */
  current: Readonly<Record<string, unknown>>;
  /** The record after the patch (current values overlaid with the patch's values). */
  next: Readonly<Record<string, unknown>>;
  /** Fields that a mutating operation (add, replace, remove) named. */
  touched: ReadonlySet<string>;
}

export interface PatchSpec {
  fields: AllowList;
  /** Rules across fields (e.g. an override needs its reason), run only when every operation is valid. */
  rules?: (context: PatchContext) => PatchIssue[];
}

export type PatchEvaluation =
  | {
      ok: true;
      /** The new value of every field a mutating operation named (parsed by its schema). */
      values: Record<string, unknown>;
      /** The subset of `values` that differs from `current`: what must be written and audited. */
      changes: Record<string, unknown>;
      /** Fields named by mutating operations, in first-seen order. */
      touched: string[];
    }
  | { ok: false; kind: "invalid"; issues: PatchIssue[] }
  | { ok: false; kind: "test_failed"; issues: PatchIssue[] };

const operationSchema = z.object(
  {
    op: z.enum(PATCH_OPS, { error: "unknownOp" }),
    path: z.string({ error: "invalidPath" }).max(MAX_PATH_LENGTH, "invalidPath"),
    value: z.unknown().optional(),
  },
  { error: "invalidPatch" },
);
// Members an operation does not define (e.g. `from`, or `value` on `remove`) are ignored, as RFC 6902 §4 says.

const documentSchema = z.array(z.unknown(), { error: "invalidPatch" }).max(MAX_OPERATIONS, "tooManyOperations");

/**
 * The member named by a JSON Pointer (RFC 6901) of exactly one reference token, or an issue message
 * key. `~1` and `~0` are decoded, so a pointer cannot smuggle a `/` or a prototype key past the checks.
 */
export function memberOf(path: string): { member: string } | { error: string } {
  if (!path.startsWith("/")) return { error: "invalidPath" };
  const tokens = path.slice(1).split("/");
  if (tokens.length !== 1) return { error: "nestedPath" };
  const raw = tokens[0]!;
  if (/~[^01]|~$/.test(raw)) return { error: "invalidPath" };
  const member = raw.replace(/~1/g, "/").replace(/~0/g, "~");
  if (FORBIDDEN_MEMBERS.has(member)) return { error: "forbiddenPath" };
  if (member === "" || member.includes("/")) return { error: "nestedPath" };
  return { member };
}

function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? "invalidValue";
}

/**
 * Validates a patch document against an allow-list and the current record, and works out the new
 * values. Never throws for any input.
 */
export function evaluatePatch(document: unknown, spec: PatchSpec, current: Readonly<Record<string, unknown>>): PatchEvaluation {
  const issues: PatchIssue[] = [];
  const docResult = documentSchema.safeParse(document);
  if (!docResult.success) return { ok: false, kind: "invalid", issues: [{ index: -1, message: firstMessage(docResult.error) }] };

  type Step = { index: number; op: PatchOp; member: string; value: unknown };
  const steps: Step[] = [];
  docResult.data.forEach((raw, index) => {
    const parsed = operationSchema.safeParse(raw);
    if (!parsed.success) {
      issues.push({ index, message: firstMessage(parsed.error) });
      return;
    }
    const { op, path } = parsed.data;
    const target = memberOf(path);
    if ("error" in target) {
      issues.push({ index, message: target.error });
      return;
    }
    const { member } = target;
    if (!Object.hasOwn(spec.fields, member)) {
      issues.push({ index, message: "pathNotAllowed" });
      return;
    }
    const schema = spec.fields[member]!;
    const hasValue = Object.hasOwn(raw as object, "value");
    if (op === "remove") {
      if (!schema.safeParse(null).success) {
        issues.push({ index, field: member, message: "notRemovable" });
        return;
      }
      steps.push({ index, op, member, value: null });
      return;
    }
    if (!hasValue || parsed.data.value === undefined) {
      issues.push({ index, field: member, message: "valueRequired" });
      return;
    }
    if (op === "test") {
      steps.push({ index, op, member, value: parsed.data.value });
      return;
    }
    const value = schema.safeParse(parsed.data.value);
    if (!value.success) {
      issues.push({ index, field: member, message: firstMessage(value.error) });
      return;
    }
    steps.push({ index, op, member, value: value.data });
  });
  if (issues.length) return { ok: false, kind: "invalid", issues };

  // Two operations that set one field to different values contradict each other: refuse both.
  const values: Record<string, unknown> = Object.create(null);
  const touched: string[] = [];
  for (const step of steps) {
    if (step.op === "test") continue;
    if (Object.hasOwn(values, step.member)) {
      if (!jsonEqual(values[step.member], step.value)) issues.push({ index: step.index, field: step.member, message: "conflictingOperations" });
      continue;
    }
    values[step.member] = step.value;
    touched.push(step.member);
  }
  if (issues.length) return { ok: false, kind: "invalid", issues };

  // Apply in order on a working copy of the allowed fields, so each `test` sees the value at its point.
  const working: Record<string, unknown> = Object.create(null);
  for (const field of Object.keys(spec.fields)) working[field] = Object.hasOwn(current, field) ? current[field] : null;
  for (const step of steps) {
    if (step.op === "test") {
      if (!jsonEqual(working[step.member], step.value)) {
        return { ok: false, kind: "test_failed", issues: [{ index: step.index, field: step.member, message: "testFailed" }] };
      }
    } else {
      working[step.member] = step.value;
    }
  }

  const next: Record<string, unknown> = { ...current };
  for (const field of touched) next[field] = values[field];
  const ruleIssues = spec.rules?.({ current, next, touched: new Set(touched) }) ?? [];
  if (ruleIssues.length) return { ok: false, kind: "invalid", issues: ruleIssues };

  const changes: Record<string, unknown> = {};
  const plainValues: Record<string, unknown> = {};
  for (const field of touched) {
    plainValues[field] = values[field];
    if (!jsonEqual(current[field] ?? null, values[field])) changes[field] = values[field];
  }
  return { ok: true, values: plainValues, changes, touched };
}

/**
 * Issues as field errors (the shape of `fieldErrors` in lib/http.ts): keyed by field when the
 * operation named an allowed field, else by `operations.<index>` (or `operations` for the document).
 */
export function issuesToFieldErrors(issues: readonly PatchIssue[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.field ?? (issue.index >= 0 ? `operations.${issue.index}` : "operations");
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

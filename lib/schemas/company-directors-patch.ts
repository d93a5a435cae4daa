import { z } from "zod";
import { FORBIDDEN_MEMBERS, jsonEqual, PATCH_OPS, type PatchIssue } from "@/lib/json-patch";
import { requiredEmail, requiredText } from "@/lib/json-patch/fields";
import { parseId } from "@/lib/parse-id";
import { deleteRequestSchema } from "./client-patch";
import { MAX_INDIVIDUALS } from "./onboarding-request";

/*
 * The JSON Patch a company contact sends to PATCH /api/director-verification/directors: operations
 * on the company's list of individuals, which names each individual by id. The only paths allowed:
 *
 *   add      /-                    { name, email }     a new individual
 *   replace  /{id}/name            "text"
 *   replace  /{id}/email           "address"
 *   replace  /{id}/isDeleted       true                removal (soft delete), only together with
 *   replace  /{id}/deleteReason    "why"               its reason
 *
 * Pure: this checks the document's shape and values; whether each id is one of the caller's own
 * individuals is for the server. Anything else (other paths or fields, other ops, `__proto__` and
 * friends, `~` escapes, nested paths, wrong values) is an issue, and any issue refuses the whole
 * document. Issue messages are message keys, as in lib/json-patch.
 */

/** The fields of an individual a contact may replace. */
export const DIRECTOR_EDIT_FIELDS = ["name", "email", "isDeleted", "deleteReason"] as const;
export type DirectorEditField = (typeof DIRECTOR_EDIT_FIELDS)[number];

/** At most this many operations: a bulk add of the largest CSV the importer accepts, and room for edits. */
export const MAX_DIRECTOR_OPERATIONS = MAX_INDIVIDUALS + 100;

const nameSchema = requiredText(200);
const emailSchema = requiredEmail().transform((v) => v.toLowerCase());
const reasonSchema = deleteRequestSchema.shape.reason;

export const newIndividualSchema = z.object({ name: nameSchema, email: emailSchema }, { error: "invalidValue" });
export type NewIndividual = z.output<typeof newIndividualSchema>;

const valueSchemas: Record<DirectorEditField, z.ZodType> = {
  name: nameSchema,
  email: emailSchema,
  isDeleted: z.literal(true, { error: "invalidValue" }),
  deleteReason: reasonSchema,
};

export interface DirectorEdit {
  name?: string;
  email?: string;
  isDeleted?: true;
  deleteReason?: string;
}

export interface DirectorsPatch {
  /** New individuals, in document order. */
  adds: NewIndividual[];
  /** Changes per existing individual's id, in first-seen order. */
  edits: Map<number, DirectorEdit>;
}

export type DirectorsPatchResult = { ok: true; patch: DirectorsPatch } | { ok: false; issues: PatchIssue[] };

const operationSchema = z.object({ op: z.enum(PATCH_OPS, { error: "unknownOp" }), path: z.string({ error: "invalidPath" }).max(100, "invalidPath"), value: z.unknown().optional() }, { error: "invalidPatch" });

type Target = { kind: "add" } | { kind: "edit"; id: number; field: DirectorEditField } | { error: string };

/** What a path names: the end of the list, or one field of one individual. */
function targetOf(path: string): Target {
  if (path === "/-") return { kind: "add" };
  if (!path.startsWith("/")) return { error: "invalidPath" };
  const tokens = path.slice(1).split("/");
  if (tokens.some((t) => t.includes("~"))) return { error: "invalidPath" };
  if (tokens.some((t) => FORBIDDEN_MEMBERS.has(t))) return { error: "forbiddenPath" };
  if (tokens.length !== 2) return { error: tokens.length > 2 ? "nestedPath" : "pathNotAllowed" };
  const id = parseId(tokens[0]!);
  if (id === null) return { error: "pathNotAllowed" };
  const field = tokens[1]! as DirectorEditField;
  if (!(DIRECTOR_EDIT_FIELDS as readonly string[]).includes(field)) return { error: "pathNotAllowed" };
  return { kind: "edit", id, field };
}

function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? "invalidValue";
}

/** Checks a document and gathers its adds and edits. Never throws for any input. */
export function parseDirectorsPatch(document: unknown): DirectorsPatchResult {
  if (!Array.isArray(document)) return { ok: false, issues: [{ index: -1, message: "invalidPatch" }] };
  if (document.length > MAX_DIRECTOR_OPERATIONS) return { ok: false, issues: [{ index: -1, message: "tooManyOperations" }] };
  const issues: PatchIssue[] = [];
  const adds: NewIndividual[] = [];
  const edits = new Map<number, DirectorEdit>();

  document.forEach((raw, index) => {
    const parsed = operationSchema.safeParse(raw);
    if (!parsed.success) return void issues.push({ index, message: firstMessage(parsed.error) });
    const { op, path, value } = parsed.data;
    const target = targetOf(path);
    if ("error" in target) return void issues.push({ index, message: target.error });
    if (target.kind === "add") {
      if (op !== "add") return void issues.push({ index, message: "pathNotAllowed" });
      const individual = newIndividualSchema.safeParse(value);
      if (!individual.success) {
        for (const issue of individual.error.issues) issues.push({ index, field: `add.${adds.length}.${String(issue.path[0] ?? "value")}`, message: issue.message });
        return;
      }
      adds.push(individual.data);
      return;
    }
    const field = `directors.${target.id}.${target.field}`;
    if (op !== "replace") return void issues.push({ index, message: "pathNotAllowed" });
    const parsedValue = valueSchemas[target.field].safeParse(value);
    if (!parsedValue.success) return void issues.push({ index, field, message: firstMessage(parsedValue.error) });
    const edit = edits.get(target.id) ?? {};
    const previous = edit[target.field];
    if (previous !== undefined && !jsonEqual(previous, parsedValue.data)) return void issues.push({ index, field, message: "conflictingOperations" });
    (edit as Record<string, unknown>)[target.field] = parsedValue.data;
    edits.set(target.id, edit);
  });

  // A removal needs its reason, and a reason means nothing without the removal.
  for (const [id, edit] of edits) {
    if (edit.isDeleted && edit.deleteReason === undefined) issues.push({ index: -1, field: `directors.${id}.deleteReason`, message: "reasonRequired" });
    if (!edit.isDeleted && edit.deleteReason !== undefined) issues.push({ index: -1, field: `directors.${id}.isDeleted`, message: "reasonWithoutRemoval" });
  }
  if (issues.length) return { ok: false, issues };
  return { ok: true, patch: { adds, edits } };
}

import { z } from "zod";
import { evidenceKindValues, type EvidenceKind } from "@/lib/domain/values";
import { statusOverrideReasonSchema } from "./director-patch";

/** What staff decide on a manual review (docs/domain.md). */
export const reviewDecisionValues = ["approve", "request-evidence", "reject"] as const;
export type ReviewDecision = (typeof reviewDecisionValues)[number];

const decision = z.enum(reviewDecisionValues, { error: "decisionRequired" });
const kinds = z.array(z.enum(evidenceKindValues, { error: "invalidValue" }), { error: "invalidValue" }).max(evidenceKindValues.length, "tooMany");

/** The kinds of evidence are asked for with `request-evidence` (at least one), and only with it. */
function evidenceRule(v: { decision: ReviewDecision; evidenceNeeded?: readonly EvidenceKind[] }, ctx: z.core.$RefinementCtx, { allowEmpty }: { allowEmpty: boolean }) {
  if (v.decision === "request-evidence") {
    if (!v.evidenceNeeded?.length) ctx.addIssue({ code: "custom", path: ["evidenceNeeded"], message: "evidenceNeededRequired" });
  } else if (v.evidenceNeeded !== undefined && !(allowEmpty && v.evidenceNeeded.length === 0)) {
    ctx.addIssue({ code: "custom", path: ["evidenceNeeded"], message: "evidenceNeededNotAllowed" });
  }
}

/** The decision's output: the kinds once each, only with `request-evidence`. */
function normalise<T extends { decision: ReviewDecision; reason: string; evidenceNeeded?: readonly EvidenceKind[] }>(v: T) {
  return { decision: v.decision, reason: v.reason, ...(v.decision === "request-evidence" ? { evidenceNeeded: [...new Set(v.evidenceNeeded)] } : {}) };
}

/**
 * The body of POST /api/admin/director-verification/directors/{id}/review: the decision, a reason
 * longer than 10 characters (the override reason's rule and message, `reasonTooShort`) and, for
 * `request-evidence` only, the kinds of evidence the director must upload (one or both).
 */
export const reviewDecisionSchema = z
  .object({ decision, reason: statusOverrideReasonSchema, evidenceNeeded: kinds.optional() })
  .superRefine((v, ctx) => evidenceRule(v, ctx, { allowEmpty: false }))
  .transform(normalise);
export type ReviewDecisionRequest = z.output<typeof reviewDecisionSchema>;

/**
 * The review dialog: as the API body, but the checkboxes always hold a list (kept, unused, while
 * another decision is chosen); the output is the API body.
 */
export const reviewDecisionFormSchema = z
  .object({ decision, reason: statusOverrideReasonSchema, evidenceNeeded: kinds })
  .superRefine((v, ctx) => evidenceRule(v, ctx, { allowEmpty: true }))
  .transform(normalise);
export type ReviewDecisionFormInput = z.input<typeof reviewDecisionFormSchema>;

/** The body of POST /api/admin/director-verification/directors/{id}/reopen: a reason longer than 10 characters. */
export const reopenRequestSchema = z.object({ reason: statusOverrideReasonSchema });
export type ReopenRequest = z.output<typeof reopenRequestSchema>;

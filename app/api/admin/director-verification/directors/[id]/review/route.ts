import { reviewDecisionSchema } from "@/lib/schemas/director-review";
import { decideReview } from "@/lib/server/directors/decide-review";
import { route } from "@/lib/route";

/**
 * Decides the manual review of a director who is under review or has outstanding ID info: JSON
 * `{ decision: "approve" | "request-evidence" | "reject", reason, evidenceNeeded? }`
 * (lib/schemas/director-review.ts) → `{ success: true, status }`. A director in any other status:
 * 400 naming the allowed moves.
 */
export const POST = route(
  { auth: "admin-api", action: "admin.directors.review", params: { id: "int" }, body: reviewDecisionSchema, maxBytes: 16 * 1024 },
  async ({ db, user, params, body, meta }) => {
    const { status } = await decideReview({ db, user, id: params.id, ...body, meta });
    return { success: true, status };
  },
);

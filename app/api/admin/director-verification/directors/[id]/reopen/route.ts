import { reopenRequestSchema } from "@/lib/schemas/director-review";
import { reopenDirector } from "@/lib/server/directors/reopen-director";
import { route } from "@/lib/route";

/**
 * Re-opens a rejected director: JSON `{ reason }` (more than 10 characters) → `{ success: true, status }`,
 * the status they return to. A director who is not rejected: 400 naming the allowed moves.
 */
export const POST = route(
  { auth: "admin-api", action: "admin.directors.review", params: { id: "int" }, body: reopenRequestSchema, maxBytes: 16 * 1024 },
  async ({ db, user, params, body, meta }) => {
    const { status } = await reopenDirector({ db, user, id: params.id, reason: body.reason, meta });
    return { success: true, status };
  },
);

import { deleteRequestSchema } from "@/lib/schemas/client-patch";
import { deleteDirector } from "@/lib/server/directors/delete-director";
import { route } from "@/lib/route";

/**
 * Soft-deletes a director: JSON `{ reason }` (required, not blank, ≤ 1000 characters) →
 * `{ success: true }`. Already deleted: the same answer, nothing changed.
 */
export const POST = route(
  { auth: "admin-api", action: "admin.directors.delete", params: { id: "int" }, body: deleteRequestSchema, maxBytes: 16 * 1024 },
  async ({ db, user, params, body, meta }) => {
    await deleteDirector({ db, user, id: params.id, reason: body.reason, meta });
    return { success: true };
  },
);

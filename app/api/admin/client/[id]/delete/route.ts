import { deleteRequestSchema } from "@/lib/schemas/client-patch";
import { deleteClient } from "@/lib/server/clients/delete-client";
import { route } from "@/lib/route";

/**
 * Soft-deletes a client: JSON `{ reason }` (required, not blank, ≤ 1000 characters) →
 * `{ success: true }`. Already deleted: the same answer, nothing changed.
 */
export const POST = route(
  { auth: "admin-api", action: "admin.clients.delete", params: { id: "int" }, body: deleteRequestSchema, maxBytes: 16 * 1024 },
  async ({ db, user, params, body, meta }) => {
    await deleteClient({ db, user, id: params.id, reason: body.reason, meta });
    return { success: true };
  },
);

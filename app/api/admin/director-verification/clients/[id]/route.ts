import { z } from "zod";
import { getClient } from "@/lib/server/clients/get-client";
import { patchClient } from "@/lib/server/clients/patch-client";
import { route } from "@/lib/route";

/** A client with its directors (Admin or api-key). */
export const GET = route({ auth: "admin-api", action: "admin.clients.read", params: { id: "int" } }, ({ db, user, params }) => getClient({ db, user, id: params.id }));

/**
 * JSON Patch operations (`op`, `path`, `value`) on the client's allow-listed fields
 * (lib/schemas/client-patch.ts) → `{ success: true }`. Any invalid operation: 400, nothing changed.
 * The operations are validated by patchClient, which knows the fields.
 */
export const PATCH = route({ auth: "admin-api", action: "admin.clients.update", params: { id: "int" }, body: z.unknown() }, async ({ db, user, params, body, meta }) => {
  await patchClient({ db, user, id: params.id, operations: body, meta });
  return { success: true };
});

import { z } from "zod";
import { getClient } from "@/lib/server/clients/get-client";
import { getDirector } from "@/lib/server/directors/get-director";
import { patchDirector } from "@/lib/server/directors/patch-director";
import { route } from "@/lib/route";

/** A director with checks, media, address history and files (Admin or api-key). */
export const GET = route({ auth: "admin-api", action: "admin.directors.read", params: { id: "int" } }, ({ db, user, params }) => getDirector({ db, user, id: params.id }));

/**
 * JSON Patch operations on the director's allow-listed fields (lib/schemas/director-patch.ts),
 * overrides with their reasons → the director's client. Invalid: 400, nothing changed. The
 * operations are validated by patchDirector, which knows the fields.
 */
export const PATCH = route({ auth: "admin-api", action: "admin.directors.update", params: { id: "int" }, body: z.unknown() }, async ({ db, user, params, body, meta }) => {
  const { clientId } = await patchDirector({ db, user, id: params.id, operations: body, meta });
  return getClient({ db, user, id: clientId });
});

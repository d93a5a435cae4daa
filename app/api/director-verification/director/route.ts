import { z } from "zod";
import { getOwnDirector } from "@/lib/server/directors/get-own-director";
import { patchOwnDirector } from "@/lib/server/directors/patch-own-director";
import { route } from "@/lib/route";

/** The signed-in director's own record (DV_Director only), with their next step and the code masked. */
export const GET = route({ auth: "user", action: "director.self.read" }, ({ db, user }) => getOwnDirector({ db, user }));

/**
 * JSON Patch operations on the director's own allow-listed fields (lib/schemas/director-self-patch.ts):
 * details, addresses, former names, and the personal code at its step → the director, as GET
 * answers it. Invalid: 400 naming every field, nothing changed.
 */
export const PATCH = route({ auth: "user", action: "director.self.update", body: z.unknown() }, async ({ db, user, body, meta }) => {
  await patchOwnDirector({ db, user, operations: body, meta });
  return getOwnDirector({ db, user });
});

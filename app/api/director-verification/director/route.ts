import { getDb } from "@/db";
import { requireUser } from "@/lib/auth/guards";
import { json, route } from "@/lib/http";
import { getOwnDirector } from "@/lib/server/directors/get-own-director";

/** The signed-in director's own record (DV_Director only). */
export const GET = route(async (request: Request) => {
  const user = await requireUser(request, "director.self.read");
  return json(await getOwnDirector({ db: await getDb(), user }));
});

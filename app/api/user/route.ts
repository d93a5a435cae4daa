import { getDb } from "@/db";
import { requireUser } from "@/lib/auth/guards";
import { json, route } from "@/lib/http";
import { getUserProfile } from "@/lib/server/users/get-user-profile";

/** The signed-in user (401 without a session). */
export const GET = route(async (request: Request) => {
  const user = await requireUser(request, "secure.enter");
  return json(await getUserProfile({ db: await getDb(), user }));
});

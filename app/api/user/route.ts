import { getUserProfile } from "@/lib/server/users/get-user-profile";
import { route } from "@/lib/route";

/** The signed-in user (401 without a session). */
export const GET = route({ auth: "user", action: "secure.enter" }, ({ db, user }) => getUserProfile({ db, user }));

import { route } from "@/lib/route";
import { checkIdentityCheck } from "@/lib/server/identity-check/check-identity-check";

/** The page's poll: fetches the director's session from Yoti and applies its result; `{ success, status }`. */
export const GET = route({ auth: "user", action: "director.self.update" }, ({ db, user }) => checkIdentityCheck({ db, user }));

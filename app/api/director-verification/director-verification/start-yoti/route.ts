import { route } from "@/lib/route";
import { startIdentityCheck } from "@/lib/server/identity-check/start-identity-check";

/** Starts the signed-in director's identity check at Yoti (or hands back the open one): `{ sessionUrl, sessionExpiry }`. */
export const POST = route({ auth: "user", action: "director.self.update" }, ({ db, user }) => startIdentityCheck({ db, user }));

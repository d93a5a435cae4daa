import { getSovInfo } from "@/lib/server/directors/get-sov-info";
import { route } from "@/lib/route";

/** The director's statement-of-verification data (Admin or api-key). */
export const GET = route({ auth: "admin-api", action: "admin.directors.read", params: { id: "int" } }, ({ db, user, params }) => getSovInfo({ db, user, id: params.id }));

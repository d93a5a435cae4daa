import { getAdminOptions } from "@/lib/server/options/get-admin-options";
import { route } from "@/lib/route";

/** Admin option lists: productTiers, clientStatuses, directorStatuses, assignees, countries (Admin or api-key). */
export const GET = route({ auth: "admin-api", action: "admin.options" }, ({ db, user }) => getAdminOptions({ db, user }));

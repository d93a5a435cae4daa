import { getDb } from "@/db";
import { requireAdminApi } from "@/lib/auth/guards";
import { json, route } from "@/lib/http";
import { getAdminOptions } from "@/lib/server/options/get-admin-options";

/** Admin option lists: productTiers, clientStatuses, directorStatuses, assignees, countries (Admin or api-key). */
export const GET = route(async (request: Request) => {
  const user = await requireAdminApi(request, "admin.options");
  return json(await getAdminOptions({ db: await getDb(), user }));
});

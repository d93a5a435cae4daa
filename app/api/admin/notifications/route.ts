import { getDb } from "@/db";
import { requireAdminApi } from "@/lib/auth/guards";
import { json, route } from "@/lib/http";
import { listNotifications } from "@/lib/server/notifications/list-notifications";

/** The current admin's notifications (for every admin or for them), newest first, at most 50. */
export const GET = route(async (request: Request) => {
  const user = await requireAdminApi(request, "admin.notifications");
  return json(await listNotifications({ db: await getDb(), user }));
});

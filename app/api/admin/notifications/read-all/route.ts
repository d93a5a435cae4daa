import { getDb } from "@/db";
import { requireAdminApi } from "@/lib/auth/guards";
import { getEnv } from "@/lib/env";
import { assertSameOrigin, json, route } from "@/lib/http";
import { markAllNotificationsRead } from "@/lib/server/notifications/mark-all-notifications-read";

/** Marks every notification the admin can see as read: `{ success: true, count }`. */
export const POST = route(async (request: Request) => {
  assertSameOrigin(request, getEnv().APP_URL);
  const user = await requireAdminApi(request, "admin.notifications");
  const count = await markAllNotificationsRead({ db: await getDb(), user });
  return json({ success: true, count });
});

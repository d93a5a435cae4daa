import { markAllNotificationsRead } from "@/lib/server/notifications/mark-all-notifications-read";
import { route } from "@/lib/route";

/** Marks every notification the admin can see as read: `{ success: true, count }`. */
export const POST = route({ auth: "admin-api", action: "admin.notifications" }, async ({ db, user }) => ({
  success: true,
  count: await markAllNotificationsRead({ db, user }),
}));

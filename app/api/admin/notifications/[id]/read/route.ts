import { markNotificationRead } from "@/lib/server/notifications/mark-notification-read";
import { route } from "@/lib/route";

/** Marks one notification read: `{ success: true }`; someone else's or an unknown one is a 404. */
export const POST = route({ auth: "admin-api", action: "admin.notifications", params: { id: "int" } }, async ({ db, user, params }) => {
  await markNotificationRead({ db, user, id: params.id });
  return { success: true };
});

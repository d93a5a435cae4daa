import { listNotifications } from "@/lib/server/notifications/list-notifications";
import { route } from "@/lib/route";

/** The current admin's notifications (for every admin or for them), newest first, at most 50. */
export const GET = route({ auth: "admin-api", action: "admin.notifications" }, ({ db, user }) => listNotifications({ db, user }));

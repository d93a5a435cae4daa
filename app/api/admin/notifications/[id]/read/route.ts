import { getDb } from "@/db";
import { requireAdminApi } from "@/lib/auth/guards";
import { getEnv } from "@/lib/env";
import { assertSameOrigin, json, route } from "@/lib/http";
import { AppError } from "@/lib/server/app-error";
import { markNotificationRead } from "@/lib/server/notifications/mark-notification-read";

type Context = { params: Promise<{ id: string }> };

/** Marks one notification read: `{ success: true }`; someone else's or an unknown one is a 404. */
export const POST = route(async (request: Request, { params }: Context) => {
  assertSameOrigin(request, getEnv().APP_URL);
  const user = await requireAdminApi(request, "admin.notifications");
  const raw = (await params).id;
  if (!/^[1-9][0-9]{0,9}$/.test(raw)) throw new AppError("not_found");
  await markNotificationRead({ db: await getDb(), user, id: Number(raw) });
  return json({ success: true });
});

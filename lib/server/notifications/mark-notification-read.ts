import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { notifications } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";
import { readerOf, visibleTo } from "./notification-scope";

/**
 * Marks one notification read (read, readBy, readAt). Idempotent: one already read keeps who read
 * it first and when. Someone else's notification, or an unknown id, is a 404.
 */
export async function markNotificationRead({ db, user, id, now = new Date() }: { db: Db; user: Principal; id: number; now?: Date }): Promise<void> {
  if (!can(user.type, "admin.notifications")) throw new AppError("forbidden");
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new AppError("not_found");
  const [found] = await db
    .select({ id: notifications.id, read: notifications.read })
    .from(notifications)
    .where(and(eq(notifications.id, id), visibleTo(user)))
    .limit(1);
  if (!found) throw new AppError("not_found");
  if (found.read) return;
  await db
    .update(notifications)
    .set({ read: true, readBy: readerOf(user), readAt: now })
    .where(and(eq(notifications.id, id), eq(notifications.read, false)));
}

import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { notifications } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";
import { readerOf, visibleTo } from "./notification-scope";

/** Marks every unread notification the admin can see as read; returns how many changed. */
export async function markAllNotificationsRead({ db, user, now = new Date() }: { db: Db; user: Principal; now?: Date }): Promise<number> {
  if (!can(user.type, "admin.notifications")) throw new AppError("forbidden");
  const changed = await db
    .update(notifications)
    .set({ read: true, readBy: readerOf(user), readAt: now })
    .where(and(eq(notifications.read, false), visibleTo(user)))
    .returning({ id: notifications.id });
  return changed.length;
}

import "server-only";
import { desc } from "drizzle-orm";
import type { Db } from "@/db";
import { notifications } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";
import { visibleTo } from "./notification-scope";

/** A notification as the reader sees it (docs/domain.md "Notification"). */
export interface NotificationItem {
  id: number;
  message: string;
  clientId: number | null;
  directorId: number | null;
  /** When it was created. */
  timestamp: Date;
  read: boolean;
  readBy: string | null;
  readAt: Date | null;
  /** Addressed to the reader personally (not to every admin). */
  isMine: boolean;
  /** Path inside the portal to open. */
  link: string | null;
}

/** The current admin's notifications (for every admin or for them), newest first. */
export async function listNotifications({ db, user, limit = 50 }: { db: Db; user: Principal; limit?: number }): Promise<NotificationItem[]> {
  if (!can(user.type, "admin.notifications")) throw new AppError("forbidden");
  const rows = await db
    .select()
    .from(notifications)
    .where(visibleTo(user))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(Math.max(1, Math.min(limit, 200)));
  return rows.map((n) => ({
    id: n.id,
    message: n.message,
    clientId: n.clientId,
    directorId: n.directorId,
    timestamp: n.createdAt,
    read: n.read,
    readBy: n.readBy,
    readAt: n.readAt,
    isMine: n.recipient !== null && n.recipient === user.userId,
    link: n.link,
  }));
}

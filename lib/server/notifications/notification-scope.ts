import "server-only";
import { eq, isNull, or, type SQL } from "drizzle-orm";
import { notifications } from "@/db/schema";
import { actorOf, type Principal } from "@/lib/auth/principal";

/**
 * The notifications an admin may see: those for every admin (recipient null) and those addressed to
 * them. A machine client (api-key, no user row) sees only the ones for every admin.
 */
export function visibleTo(user: Principal): SQL {
  return user.userId !== undefined
    ? or(isNull(notifications.recipient), eq(notifications.recipient, user.userId))!
    : isNull(notifications.recipient);
}

/** Who marked a notification read: the admin's email, or "api-key" for a machine client. */
export function readerOf(user: Principal): string {
  return actorOf(user);
}

import "server-only";
import { and, eq } from "drizzle-orm";
import { clients, directors } from "@/db/schema";
import { can, type Action } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";

/*
 * The guard of every function a company contact or an individual calls on their own record: their
 * session must allow `action` (else 403), and the id it carries is the only record they reach (a
 * session without one finds nothing: 404).
 */

/** The signed-in company contact's own client id. */
export function ownClientId(user: Principal, action: Action): number {
  if (!can(user.type, action)) throw new AppError("forbidden");
  if (!user.clientId) throw new AppError("not_found");
  return user.clientId;
}

/** The signed-in individual's own director id. */
export function ownDirectorId(user: Principal, action: Action): number {
  if (!can(user.type, action)) throw new AppError("forbidden");
  if (!user.directorId) throw new AppError("not_found");
  return user.directorId;
}

/** The condition that reads the signed-in company contact's own client, unless it is deleted (guarded as ownClientId). */
export function ownLiveClient(user: Principal, action: Action) {
  return and(eq(clients.id, ownClientId(user, action)), eq(clients.isDeleted, false));
}

/** The condition that reads the signed-in individual's own director record, unless it is deleted (guarded as ownDirectorId). */
export function ownLiveDirector(user: Principal, action: Action) {
  return and(eq(directors.id, ownDirectorId(user, action)), eq(directors.isDeleted, false));
}

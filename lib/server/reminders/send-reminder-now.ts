import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { clients, directors } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { getEnv } from "@/lib/env";
import { getJobQueue } from "@/lib/jobs/queue";
import { AppError } from "@/lib/server/app-error";
import { claimReminders, ukDate, type ReminderKind } from "./claim-reminders";

/**
 * An admin sends a reminder now from the client's page: to one individual (the identity-check
 * reminder when they opened the check and did not finish it, else the plain one), or, without
 * `directorId`, the summary to the company's contact. The schedule's steps do not apply, but
 * everything else does: never to a deleted, complete or rejected record or to individuals of an
 * unpaid request (not invited yet), and at most one reminder per person per day, counted and dated
 * like the scheduled ones. 409 says which rule refused it.
 */
export async function sendReminderNow({ db, user, clientId, directorId }: { db: Db; user: Principal; clientId: number; directorId?: number }): Promise<{ sent: ReminderKind }> {
  if (!can(user.type, "admin.clients.remind")) throw new AppError("forbidden");
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
  if (!client) throw new AppError("not_found");
  if (directorId !== undefined) {
    const [director] = await db.select({ id: directors.id }).from(directors).where(and(eq(directors.id, directorId), eq(directors.clientId, clientId)));
    if (!director) throw new AppError("not_found");
  }

  const now = new Date();
  const options = { now, days: getEnv().REMINDER_DAYS, mode: "now" as const, clientId, directorId, limit: 1 };
  const kinds: ReminderKind[] = directorId === undefined ? ["contact"] : ["idv", "director"];
  // Opened before the transaction: on the embedded database, starting the queue needs the one
  // connection that the transaction would hold.
  await getJobQueue();
  const sent = await db.transaction(async (tx) => {
    for (const kind of kinds) if ((await claimReminders(tx, kind, options)) > 0) return kind;
    return null;
  });
  if (sent) return { sent };

  // Nothing claimed: say whether it was today's reminder or the record itself.
  const today = ukDate(now);
  const dates =
    directorId === undefined
      ? await db.select({ a: clients.lastReminderDate }).from(clients).where(eq(clients.id, clientId))
      : await db.select({ a: directors.lastReminderDate, b: directors.lastIDVReminderDate }).from(directors).where(eq(directors.id, directorId));
  const remindedToday = Object.values(dates[0] ?? {}).some((d) => d instanceof Date && ukDate(d) === today);
  throw new AppError("conflict", remindedToday ? "reminder_already_sent_today" : "reminder_not_applicable");
}

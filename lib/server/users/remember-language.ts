import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { clients, directors } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import type { Locale } from "@/lib/i18n/locales";

/**
 * The language a signed-in person chose with the header's link, kept with their own record so the
 * emails written to them later (by jobs, by staff working in another language) are in it: an
 * individual's on their director record, a company contact's on their client. Each person changes
 * only their own record; staff's choice is their cookie alone (the portal emails them in English).
 * Not a change of the record's business data: `updatedAt` stays as it is.
 */
export async function rememberLanguage({ db, user, locale }: { db: Db; user: Principal; locale: Locale }): Promise<void> {
  if (user.type === "DV_Director" && user.directorId) {
    await db.update(directors).set({ locale }).where(eq(directors.id, user.directorId));
  } else if (user.type === "DV_CompanyContact" && user.clientId) {
    await db.update(clients).set({ locale }).where(eq(clients.id, user.clientId));
  }
}

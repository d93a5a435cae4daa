import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { clients, directors } from "@/db/schema";
import type { SessionSubject } from "./create-session";

/** References are typed by people: ignore case, spaces and hyphens. */
export function normaliseReference(reference: string): string {
  return reference.replace(/[\s-]/g, "").toUpperCase();
}

/**
 * Who an email + reference pair signs in as: the main contact of a company (client reference) or
 * a director (director reference). Deleted records never sign in, and neither does an individual not
 * yet invited (an unpaid request or batch: `invitedAt` empty, lib/domain/director-lifecycle.ts).
 */
export async function findSignInSubject(db: DbOrTx, email: string, reference: string): Promise<SessionSubject | null> {
  const ref = normaliseReference(reference);
  const mail = email.trim().toLowerCase();
  const [contact] = await db
    .select({ id: clients.id, email: clients.mainContactEmail })
    .from(clients)
    .where(and(eq(clients.reference, ref), eq(sql`lower(${clients.mainContactEmail})`, mail), eq(clients.isDeleted, false)))
    .limit(1);
  if (contact) return { userType: "DV_CompanyContact", email: contact.email, clientId: contact.id };

  const [director] = await db
    .select({ id: directors.id, email: directors.email, clientId: directors.clientId })
    .from(directors)
    .innerJoin(clients, eq(clients.id, directors.clientId))
    .where(and(eq(directors.reference, ref), eq(sql`lower(${directors.email})`, mail), eq(directors.isDeleted, false), isNotNull(directors.invitedAt), eq(clients.isDeleted, false)))
    .limit(1);
  if (director) return { userType: "DV_Director", email: director.email, directorId: director.id, clientId: director.clientId };
  return null;
}

/** The subject a stored sign-in token was issued to, if its records still exist and are not deleted. */
export async function findSignInSubjectById(
  db: DbOrTx,
  token: { userType: string; clientId: number | null; directorId: number | null },
): Promise<SessionSubject | null> {
  if (token.userType === "DV_CompanyContact" && token.clientId) {
    const [c] = await db
      .select({ id: clients.id, email: clients.mainContactEmail })
      .from(clients)
      .where(and(eq(clients.id, token.clientId), eq(clients.isDeleted, false)));
    return c ? { userType: "DV_CompanyContact", email: c.email, clientId: c.id } : null;
  }
  if (token.userType === "DV_Director" && token.directorId) {
    const [d] = await db
      .select({ id: directors.id, email: directors.email, clientId: directors.clientId })
      .from(directors)
      .innerJoin(clients, eq(clients.id, directors.clientId))
      .where(and(eq(directors.id, token.directorId), eq(directors.isDeleted, false), isNotNull(directors.invitedAt), eq(clients.isDeleted, false)));
    return d ? { userType: "DV_Director", email: d.email, directorId: d.id, clientId: d.clientId } : null;
  }
  return null;
}

import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { clients, directors, users } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import type { UserType } from "@/lib/auth/home-path";

/** Spec §3 "User": the signed-in person, with the reference they sign in with (none for admins). */
export interface UserProfile {
  id: number | null;
  email: string;
  reference: string | null;
  type: UserType;
  name: string | null;
}

export async function getUserProfile({ db, user }: { db: Db; user: Principal }): Promise<UserProfile> {
  if (user.type === "DV_Director" && user.directorId) {
    const [d] = await db.select({ reference: directors.reference, name: directors.name }).from(directors).where(eq(directors.id, user.directorId));
    return { id: user.directorId, email: user.email, reference: d?.reference ?? null, type: user.type, name: d?.name ?? null };
  }
  if (user.type === "DV_CompanyContact" && user.clientId) {
    const [c] = await db
      .select({ reference: clients.reference, first: clients.mainContactFirstName, last: clients.mainContactLastName })
      .from(clients)
      .where(eq(clients.id, user.clientId));
    const name = [c?.first, c?.last].filter(Boolean).join(" ") || null;
    return { id: user.clientId, email: user.email, reference: c?.reference ?? null, type: user.type, name };
  }
  if (user.userId) {
    const [u] = await db.select({ name: users.displayName, reference: users.reference }).from(users).where(eq(users.id, user.userId));
    return { id: user.userId, email: user.email, reference: u?.reference ?? null, type: user.type, name: u?.name ?? null };
  }
  return { id: null, email: user.email, reference: null, type: user.type, name: null };
}

import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { directors } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";

/**
 * An individual's name for the title of a staff page about them ("Evidence pack – James Whitaker"):
 * staff only, deleted individuals too. Null when there is no such individual or the user is not
 * staff, so a title never tells anyone else a name.
 */
export async function getDirectorName({ db, user, id }: { db: DbOrTx; user: Principal; id: number }): Promise<string | null> {
  if (!can(user.type, "admin.directors.read") || !Number.isSafeInteger(id) || id < 1) return null;
  const [row] = await db.select({ name: directors.name }).from(directors).where(eq(directors.id, id)).limit(1);
  return row?.name ?? null;
}

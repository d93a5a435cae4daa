import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { clients } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";

/**
 * A client's name for the title of its staff page ("Hartwell Holdings Ltd – Clients"): staff only,
 * deleted clients too (staff see them). Null when there is no such client or the user is not staff,
 * so a title never tells anyone else a name.
 */
export async function getClientName({ db, user, id }: { db: DbOrTx; user: Principal; id: number }): Promise<string | null> {
  if (!can(user.type, "admin.clients.read") || !Number.isSafeInteger(id) || id < 1) return null;
  const [row] = await db.select({ name: clients.name }).from(clients).where(eq(clients.id, id)).limit(1);
  return row?.name ?? null;
}

import "server-only";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { clients } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";

/**
 * The signed-in company contact's own company name, for the title of their company page. Scoped by
 * the caller's own client id (not deleted); null for anyone else.
 */
export async function getOwnCompanyName({ db, user }: { db: DbOrTx; user: Principal }): Promise<string | null> {
  if (!can(user.type, "company.read") || !user.clientId) return null;
  const [row] = await db
    .select({ name: clients.name })
    .from(clients)
    .where(and(eq(clients.id, user.clientId), eq(clients.isDeleted, false)))
    .limit(1);
  return row?.name ?? null;
}

import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { clients, directors } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";

/** The newest clients (not deleted) with their director counts: the admin list's first view. */
export async function listRecentClients({ db, user, limit = 25 }: { db: Db; user: Principal; limit?: number }) {
  if (!can(user.type, "admin.clients.read")) throw new AppError("forbidden");
  return db
    .select({
      id: clients.id,
      name: clients.name,
      reference: clients.reference,
      status: clients.status,
      productTier: clients.productTier,
      createdAt: clients.createdAt,
      directorCount: sql<number>`(select count(*)::int from ${directors} where ${directors.clientId} = ${clients.id} and not ${directors.isDeleted})`,
    })
    .from(clients)
    .where(eq(clients.isDeleted, false))
    .orderBy(desc(clients.createdAt), desc(clients.id))
    .limit(limit);
}

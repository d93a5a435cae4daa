import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { clients, directors } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";

/**
 * The company of a signed-in company contact, with its directors (not deleted). Scoped by the
 * caller's own client id, so a contact can never read another company.
 */
export async function getOwnCompany({ db, user }: { db: Db; user: Principal }) {
  if (!can(user.type, "company.read")) throw new AppError("forbidden");
  if (!user.clientId) throw new AppError("not_found");
  const client = await db.query.clients.findFirst({
    where: and(eq(clients.id, user.clientId), eq(clients.isDeleted, false)),
    columns: { paymentSessionSecret: false, notes: false, owner: false },
    with: {
      directors: {
        where: eq(directors.isDeleted, false),
        orderBy: asc(directors.name),
        columns: { id: true, name: true, email: true, reference: true, status: true, statusOverride: true },
      },
    },
  });
  if (!client) throw new AppError("not_found");
  return client;
}

export type OwnCompany = Awaited<ReturnType<typeof getOwnCompany>>;

import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { clients, directors } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";

/** A client by id with its directors, for staff. Deleted clients are shown (marked) to staff. */
export async function getClient({ db, user, id }: { db: Db; user: Principal; id: number }) {
  if (!can(user.type, "admin.clients.read")) throw new AppError("forbidden");
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError("not_found");
  const client = await db.query.clients.findFirst({
    where: eq(clients.id, id),
    columns: { paymentSessionSecret: false },
    with: { directors: { orderBy: asc(directors.name) } },
  });
  if (!client) throw new AppError("not_found");
  return client;
}

/** Whether a client with this id exists (deleted ones included), for staff. */
export async function clientExists({ db, user, id }: { db: Db; user: Principal; id: number }): Promise<boolean> {
  if (!can(user.type, "admin.clients.read")) throw new AppError("forbidden");
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, id)).limit(1);
  return Boolean(row);
}

/** Path parameters are integers or the record does not exist (spec §2: clientId parsed as an integer). */
export function parseId(value: string): number | null {
  return /^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}

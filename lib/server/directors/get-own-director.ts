import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { directors } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";

/** The signed-in director's own record, with the name of their company. Scoped by their own id. */
export async function getOwnDirector({ db, user }: { db: Db; user: Principal }) {
  if (!can(user.type, "director.self.read")) throw new AppError("forbidden");
  if (!user.directorId) throw new AppError("not_found");
  const director = await db.query.directors.findFirst({
    where: and(eq(directors.id, user.directorId), eq(directors.isDeleted, false)),
    columns: { sessionToken: false, statusOverrideReason: false, priceOverride: false, priceOverrideReason: false, statusOriginal: false },
    with: {
      client: { columns: { id: true, name: true, productTier: true } },
      directorAddresses: true,
    },
  });
  if (!director) throw new AppError("not_found");
  return director;
}

export type OwnDirector = Awaited<ReturnType<typeof getOwnDirector>>;

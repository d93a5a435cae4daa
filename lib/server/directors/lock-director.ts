import "server-only";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/db";
import { directors, type Director } from "@/db/schema";
import { AppError } from "@/lib/server/app-error";

/**
 * A director's row locked until the transaction ends (FOR UPDATE), for staff acting on it: an
 * unknown id is a 404, a deleted director a 409.
 */
export async function lockDirectorForStaff(tx: Tx, id: number): Promise<Director> {
  const [director] = await tx.select().from(directors).where(eq(directors.id, id)).for("update");
  if (!director) throw new AppError("not_found");
  if (director.isDeleted) throw new AppError("conflict", "conflict", { deleted: true });
  return director;
}

/** The signed-in individual's own row locked until the transaction ends (FOR UPDATE); deleted or unknown: 404. */
export async function lockOwnDirector(tx: Tx, directorId: number): Promise<Director> {
  const [director] = await tx.select().from(directors).where(and(eq(directors.id, directorId), eq(directors.isDeleted, false))).for("update");
  if (!director) throw new AppError("not_found");
  return director;
}

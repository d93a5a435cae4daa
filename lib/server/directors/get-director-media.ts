import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { directorMedia } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";

/**
 * A media item of a director's identity check, as text, for staff: its JSON content (pretty printed)
 * when it has one, else the provider path of the content. A media item of another director is not
 * found (404).
 */
export async function getDirectorMedia({ db, user, directorId, mediaId }: { db: Db; user: Principal; directorId: number; mediaId: number }): Promise<{ contentType: string; body: string }> {
  if (!can(user.type, "admin.directors.read")) throw new AppError("forbidden");
  const [media] = await db
    .select({ jsonContent: directorMedia.jsonContent, path: directorMedia.path })
    .from(directorMedia)
    .where(and(eq(directorMedia.id, mediaId), eq(directorMedia.directorId, directorId)))
    .limit(1);
  if (!media) throw new AppError("not_found");
  if (media.jsonContent !== null && media.jsonContent !== undefined) {
    return { contentType: "application/json; charset=utf-8", body: JSON.stringify(media.jsonContent, null, 2) };
  }
  if (media.path) return { contentType: "text/plain; charset=utf-8", body: media.path };
  throw new AppError("not_found");
}

import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { directorFiles } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import type { FileStorage } from "@/lib/integrations/storage";
import { AppError } from "@/lib/server/app-error";

/**
 * A file of a director (an upload, or a kept copy of the identity provider's media), for staff: its
 * name, stored content type and bytes. Not found (404) when the file belongs to another director,
 * is deleted, or its bytes are missing from storage.
 */
export async function getDirectorFile({
  db,
  user,
  storage,
  directorId,
  fileId,
}: {
  db: Db;
  user: Principal;
  storage: FileStorage;
  directorId: number;
  fileId: number;
}): Promise<{ fileName: string; contentType: string; bytes: Uint8Array }> {
  if (!can(user.type, "admin.directors.read")) throw new AppError("forbidden");
  const [file] = await db
    .select({ fileName: directorFiles.fileName, contentType: directorFiles.contentType, storageKey: directorFiles.storageKey })
    .from(directorFiles)
    .where(and(eq(directorFiles.id, fileId), eq(directorFiles.directorId, directorId), eq(directorFiles.isDeleted, false)))
    .limit(1);
  if (!file) throw new AppError("not_found");
  // A key of the wrong shape (a tampered row) is refused by the storage with a RangeError: not found.
  const bytes = await storage.get(file.storageKey).catch((err: unknown) => {
    if (err instanceof RangeError) return null;
    throw err;
  });
  if (!bytes) throw new AppError("not_found");
  return { fileName: file.fileName, contentType: file.contentType, bytes };
}

import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { directorFiles } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import type { FileStorage } from "@/lib/integrations/storage";
import { AppError } from "@/lib/server/app-error";
import { loadStoredFile } from "./stored-file";

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
  return loadStoredFile(db, storage, and(eq(directorFiles.id, fileId), eq(directorFiles.directorId, directorId), eq(directorFiles.isDeleted, false)));
}

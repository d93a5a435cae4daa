import "server-only";
import { type SQL } from "drizzle-orm";
import type { Db } from "@/db";
import { directorFiles } from "@/db/schema";
import type { FileStorage } from "@/lib/integrations/storage";
import { AppError } from "@/lib/server/app-error";

/**
 * The director file `where` chooses, with its name, stored content type and bytes. No such file, or
 * its bytes missing from storage: not found (404). A key of the wrong shape (a tampered row) is
 * refused by the storage with a RangeError: not found too.
 */
export async function loadStoredFile(db: Db, storage: FileStorage, where: SQL | undefined): Promise<{ fileName: string; contentType: string; bytes: Uint8Array }> {
  const [file] = await db
    .select({ fileName: directorFiles.fileName, contentType: directorFiles.contentType, storageKey: directorFiles.storageKey })
    .from(directorFiles)
    .where(where)
    .limit(1);
  if (!file) throw new AppError("not_found");
  const bytes = await storage.get(file.storageKey).catch((err: unknown) => {
    if (err instanceof RangeError) return null;
    throw err;
  });
  if (!bytes) throw new AppError("not_found");
  return { fileName: file.fileName, contentType: file.contentType, bytes };
}

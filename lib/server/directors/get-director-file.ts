import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { directorFiles } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";

/** Storage keys are server-chosen names: letters, digits, dot, dash and underscore, no path. */
const storageKeyShape = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Where the bytes of a stored file live: `${dataDir}/files/<storage key>`, or null for a bad key. */
export function storedFilePath(dataDir: string, storageKey: string): string | null {
  if (!storageKeyShape.test(storageKey) || storageKey.includes("..")) return null;
  const root = path.resolve(dataDir, "files");
  const full = path.resolve(root, storageKey);
  return path.dirname(full) === root ? full : null;
}

/**
 * An uploaded file of a director, for staff: its name, stored content type and bytes. Not found
 * (404) when the file belongs to another director, is deleted, or its bytes are missing.
 */
export async function getDirectorFile({
  db,
  user,
  directorId,
  fileId,
  dataDir,
}: {
  db: Db;
  user: Principal;
  directorId: number;
  fileId: number;
  dataDir: string;
}): Promise<{ fileName: string; contentType: string; bytes: Uint8Array }> {
  if (!can(user.type, "admin.directors.read")) throw new AppError("forbidden");
  const [file] = await db
    .select({ fileName: directorFiles.fileName, contentType: directorFiles.contentType, storageKey: directorFiles.storageKey })
    .from(directorFiles)
    .where(and(eq(directorFiles.id, fileId), eq(directorFiles.directorId, directorId), eq(directorFiles.isDeleted, false)))
    .limit(1);
  if (!file) throw new AppError("not_found");
  const full = storedFilePath(dataDir, file.storageKey);
  if (!full) throw new AppError("not_found");
  try {
    // The path is a server-chosen name under DATA_DIR, known only at run time: nothing to trace at build time.
    const bytes = await fs.readFile(/*turbopackIgnore: true*/ full);
    return { fileName: file.fileName, contentType: file.contentType, bytes: new Uint8Array(bytes) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT" || (err as NodeJS.ErrnoException).code === "EISDIR") throw new AppError("not_found");
    throw err;
  }
}

import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "@/db";
import { directorFiles } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import type { FileStorage } from "@/lib/integrations/storage";
import { ownDirectorId } from "@/lib/server/own-record";
import { loadStoredFile } from "./stored-file";

/**
 * One of the signed-in director's own uploads (proof of name or address) with its bytes. Another
 * director's file, a deleted one, one the director hid (kept for retention,
 * lib/server/directors/delete-own-director-file.ts), a provider document or missing bytes: not found
 * (404), so a guessed id tells nothing.
 */
export async function getOwnDirectorFile({ db, user, storage, fileId }: { db: Db; user: Principal; storage: FileStorage; fileId: number }) {
  const directorId = ownDirectorId(user, "director.self.read");
  return loadStoredFile(db, storage, and(eq(directorFiles.id, fileId), eq(directorFiles.directorId, directorId), eq(directorFiles.isDeleted, false), isNull(directorFiles.hiddenAt), inArray(directorFiles.fileType, ["Name", "Address"])));
}

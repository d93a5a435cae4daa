import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db";
import { directorFiles } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";
import { toDirectorFileView, type DirectorFileView } from "./director-file-view";

/** The signed-in director's own uploads (proof of name and of address) that are not deleted, oldest first. */
export async function listOwnDirectorFiles({ db, user }: { db: Db; user: Principal }): Promise<DirectorFileView[]> {
  if (!can(user.type, "director.self.read")) throw new AppError("forbidden");
  if (!user.directorId) throw new AppError("not_found");
  const rows = await db
    .select()
    .from(directorFiles)
    .where(and(eq(directorFiles.directorId, user.directorId), eq(directorFiles.isDeleted, false), inArray(directorFiles.fileType, ["Name", "Address"])))
    .orderBy(asc(directorFiles.createdAt), asc(directorFiles.id));
  return rows.map(toDirectorFileView);
}

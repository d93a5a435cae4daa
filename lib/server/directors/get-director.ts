import "server-only";
import { asc, desc, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { directorAddresses, directorChecks, directorFiles, directorMedia, directors } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";
import { displayPersonalCode } from "./personal-code-keys";

/** Columns of a director never sent anywhere: the provider session's secret and the link carrying it. */
export const directorSecretColumns = { sessionToken: false, sessionUrl: false } as const;

/** The columns of an uploaded file that may be shown (not where it is stored). */
export const directorFileColumns = {
  id: true,
  directorId: true,
  fileName: true,
  fileType: true,
  contentType: true,
  sizeBytes: true,
  sha256: true,
  createdAt: true,
  createdBy: true,
  /** When the director "deleted" it after review: hidden from them, kept, shown to staff as withdrawn by the director. */
  hiddenAt: true,
} as const;

/** The columns of a media item listed with a director (its content comes from the media endpoint). */
export const directorMediaColumns = { id: true, directorId: true, yotiMediaId: true, type: true, path: true, created: true, lastUpdated: true } as const;

/**
 * A director by id, for staff, with the spec's related fields: clientName, clientSageId,
 * clientProductTier, directorChecks, directorMedias, directorAddresses (newest first),
 * directorNameFiles and directorAddressFiles (and every file in directorFiles). Deleted directors
 * are returned (marked) to staff.
 */
export async function getDirector({ db, user, id }: { db: Db; user: Principal; id: number }) {
  if (!can(user.type, "admin.directors.read")) throw new AppError("forbidden");
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError("not_found");
  const row = await db.query.directors.findFirst({
    where: eq(directors.id, id),
    columns: directorSecretColumns,
    with: {
      client: { columns: { id: true, name: true, sageId: true, productTier: true, isDeleted: true } },
      directorChecks: { orderBy: [asc(directorChecks.created), asc(directorChecks.id)] },
      directorMedias: { columns: directorMediaColumns, orderBy: [asc(directorMedia.created), asc(directorMedia.id)] },
      directorAddresses: { orderBy: [desc(directorAddresses.startDate), desc(directorAddresses.id)] },
      directorFiles: { columns: directorFileColumns, where: eq(directorFiles.isDeleted, false), orderBy: [asc(directorFiles.createdAt), asc(directorFiles.id)] },
    },
  });
  if (!row) throw new AppError("not_found");
  const { client, ...director } = row;
  return {
    ...director,
    // Staff see the personal code itself (it is stored encrypted).
    companiesHouseCode: displayPersonalCode(director),
    clientName: client.name,
    clientSageId: client.sageId,
    clientProductTier: client.productTier,
    clientIsDeleted: client.isDeleted,
    directorNameFiles: director.directorFiles.filter((f) => f.fileType === "Name"),
    directorAddressFiles: director.directorFiles.filter((f) => f.fileType === "Address"),
  };
}

export type AdminDirector = Awaited<ReturnType<typeof getDirector>>;

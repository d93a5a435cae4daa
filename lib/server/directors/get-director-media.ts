import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { directorFiles, directorMedia, directors } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import { actorOf, type Principal } from "@/lib/auth/principal";
import type { FileStorage } from "@/lib/integrations/storage";
import { YotiNotFoundError, type YotiIdv } from "@/lib/integrations/yoti";
import { AppError } from "@/lib/server/app-error";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { log } from "@/lib/log";

/** The display name of the kept copy of a provider media item: how the copy is found again. */
export function keptMediaFileName(yotiMediaId: string, contentType: string): string {
  return `yoti-media-${yotiMediaId}.${extensionOf(contentType)}`;
}

function extensionOf(contentType: string): string {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  return { "image/jpeg": "jpg", "image/png": "png", "application/json": "json", "application/pdf": "pdf", "video/mp4": "mp4" }[type] ?? "bin";
}

export interface MediaContent {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
  /** Where the bytes came from: the kept copy, the provider just now, or the JSON stored with the check. */
  source: "kept" | "provider" | "stored-json";
}

/**
 * A media item of a director's identity check (a document page, a face image, the extracted fields),
 * for staff. The evidence must outlive the provider's own retention, so the first time an admin
 * opens an item its bytes are fetched from Yoti with the SDK's media call and a copy is kept in the
 * portal's file storage (a `YotiId` director file with its SHA-256, deleted with the rest of the
 * evidence by the retention sweep); later requests serve the kept copy.
 *
 * Fetching and keeping happen under a per-item advisory lock, so two admins opening the same item
 * at once keep one copy. When Yoti no longer has the item (or cannot be reached) the JSON content
 * stored with the check is served if there is one. A media item of another director, or of a
 * director whose evidence has been deleted, is not found (404); Yoti unreachable with nothing
 * stored is 503.
 */
export async function getDirectorMedia({
  db,
  user,
  storage,
  yoti,
  directorId,
  mediaId,
}: {
  db: Db;
  user: Principal;
  storage: FileStorage;
  /** Called only when the provider must be asked, so a missing Yoti configuration costs nothing otherwise. */
  yoti: () => YotiIdv;
  directorId: number;
  mediaId: number;
}): Promise<MediaContent> {
  if (!can(user.type, "admin.directors.read")) throw new AppError("forbidden");
  const [media] = await db
    .select({ yotiMediaId: directorMedia.yotiMediaId, yotiSessionId: directorMedia.yotiSessionId, jsonContent: directorMedia.jsonContent, sessionID: directors.sessionID, clientId: directors.clientId, evidenceDeletedAt: directors.evidenceDeletedAt })
    .from(directorMedia)
    .innerJoin(directors, eq(directors.id, directorMedia.directorId))
    .where(and(eq(directorMedia.id, mediaId), eq(directorMedia.directorId, directorId)))
    .limit(1);
  if (!media || media.evidenceDeletedAt) throw new AppError("not_found");

  const storedJson = (): MediaContent | null =>
    media.jsonContent === null || media.jsonContent === undefined
      ? null
      : { fileName: `yoti-media-${media.yotiMediaId}.json`, contentType: "application/json", bytes: new TextEncoder().encode(JSON.stringify(media.jsonContent, null, 2)), source: "stored-json" };

  const keptCopy = async (dbOrTx: Pick<Db, "select">): Promise<MediaContent | null> => {
    const [file] = await dbOrTx
      .select({ fileName: directorFiles.fileName, contentType: directorFiles.contentType, storageKey: directorFiles.storageKey })
      .from(directorFiles)
      .where(and(eq(directorFiles.directorId, directorId), eq(directorFiles.fileType, "YotiId"), eq(directorFiles.isDeleted, false), sql`${directorFiles.fileName} like ${`yoti-media-${media.yotiMediaId}.%`}`))
      .limit(1);
    if (!file) return null;
    const bytes = await storage.get(file.storageKey);
    return bytes ? { fileName: file.fileName, contentType: file.contentType, bytes, source: "kept" } : null;
  };

  const kept = await keptCopy(db);
  if (kept) return kept;
  // The media's own session; rows stored before it was recorded belong to the director's latest one.
  const sessionID = media.yotiSessionId ?? media.sessionID;
  if (!sessionID) {
    const json = storedJson();
    if (json) return json;
    throw new AppError("not_found");
  }

  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`yoti-media:${directorId}:${media.yotiMediaId}`}))`);
      const again = await keptCopy(tx);
      if (again) return again;
      const fetched = await yoti().getMedia(sessionID, media.yotiMediaId);
      if (!fetched) throw new YotiNotFoundError("Yoti has no content for this media item");
      const contentType = fetched.contentType || "application/octet-stream";
      const bytes = new Uint8Array(fetched.bytes);
      const fileName = keptMediaFileName(media.yotiMediaId, contentType);
      const storageKey = `${randomUUID()}.${extensionOf(contentType)}`;
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      await storage.put(storageKey, bytes, contentType);
      try {
        const [row] = await tx
          .insert(directorFiles)
          .values({ directorId, fileName, fileType: "YotiId", storageKey, contentType, sizeBytes: bytes.byteLength, sha256, createdBy: "system" })
          .returning({ id: directorFiles.id });
        await writeAudit(tx, {
          action: "YotiMediaKept",
          auditType: "DirectorModified",
          entityType: "Director",
          entityId: String(directorId),
          user: actorOf(user),
          clientId: media.clientId,
          directorId,
          newValue: { fileId: row!.id, yotiMediaId: media.yotiMediaId, contentType, sizeBytes: bytes.byteLength, sha256 },
        });
      } catch (err) {
        await storage.delete(storageKey).catch(() => undefined);
        throw err;
      }
      return { fileName, contentType, bytes, source: "provider" as const };
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    const json = storedJson();
    if (json) return json;
    if (err instanceof YotiNotFoundError) throw new AppError("not_found");
    log.error({ mediaId, directorId }, `[evidence] media ${mediaId} of director ${directorId}: ${(err as Error).message}`);
    throw new AppError("unavailable");
  }
}

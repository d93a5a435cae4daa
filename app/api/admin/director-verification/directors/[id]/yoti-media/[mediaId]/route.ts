import { fileDownloadResponse } from "@/lib/download-response";
import { getStorage } from "@/lib/integrations/storage";
import { getYoti } from "@/lib/integrations/yoti";
import { getDirectorMedia } from "@/lib/server/directors/get-director-media";
import { route } from "@/lib/route";

/** Shown in the browser rather than downloaded: the sandbox CSP and nosniff still apply. */
const INLINE = /^(image\/(jpeg|png)|application\/json)\b/i;

/**
 * A media item of the director's identity check (Admin or api-key): the provider's content, fetched
 * with the SDK and kept under the retention rules the first time; another director's: 404.
 */
export const GET = route({ auth: "admin-api", action: "admin.directors.read", params: { id: "int", mediaId: "int" } }, async ({ db, user, params }) => {
  const media = await getDirectorMedia({ db, user, storage: getStorage(), yoti: getYoti, directorId: params.id, mediaId: params.mediaId });
  const response = fileDownloadResponse(media);
  if (INLINE.test(media.contentType)) response.headers.set("Content-Disposition", response.headers.get("Content-Disposition")!.replace(/^attachment/, "inline"));
  return response;
});

import { fileDownloadResponse } from "@/lib/download-response";
import { getStorage } from "@/lib/integrations/storage";
import { getYoti } from "@/lib/integrations/yoti";
import { getDirectorMedia } from "@/lib/server/directors/get-director-media";
import { route } from "@/lib/route";

/**
 * A media item of the director's identity check (Admin or api-key): the provider's content, fetched
 * with the SDK and kept under the retention rules the first time; another director's: 404. Always
 * an attachment with the download's sandbox policy, like the uploaded files: evidence is saved, not
 * rendered by the portal's origin.
 */
export const GET = route({ auth: "admin-api", action: "admin.directors.read", params: { id: "int", mediaId: "int" } }, async ({ db, user, params }) => {
  const media = await getDirectorMedia({ db, user, storage: getStorage(), yoti: getYoti, directorId: params.id, mediaId: params.mediaId });
  return fileDownloadResponse(media);
});

import { fileDownloadResponse } from "@/lib/download-response";
import { getStorage } from "@/lib/integrations/storage";
import { getDirectorFile } from "@/lib/server/directors/get-director-file";
import { route } from "@/lib/route";

/**
 * A file of the director (Admin or api-key), always as a download with its stored content type and
 * `nosniff`. Another director's file, a deleted one or missing bytes: 404.
 */
export const GET = route({ auth: "admin-api", action: "admin.directors.read", params: { id: "int", fileId: "int" } }, async ({ db, user, params }) =>
  fileDownloadResponse(await getDirectorFile({ db, user, storage: getStorage(), directorId: params.id, fileId: params.fileId })),
);

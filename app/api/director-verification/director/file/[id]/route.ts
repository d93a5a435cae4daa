import { fileDownloadResponse } from "@/lib/download-response";
import { getStorage } from "@/lib/integrations/storage";
import { deleteOwnDirectorFile } from "@/lib/server/directors/delete-own-director-file";
import { getOwnDirectorFile } from "@/lib/server/directors/get-own-director-file";
import { route } from "@/lib/route";

/** One of the signed-in director's own uploads, as a download with `nosniff`; anyone else's: 404. */
export const GET = route({ auth: "user", action: "director.self.read", params: { id: "int" } }, async ({ db, user, params }) =>
  fileDownloadResponse(await getOwnDirectorFile({ db, user, storage: getStorage(), fileId: params.id })),
);

/**
 * Deletes one of the signed-in director's own uploads (204): withdrawn before review, else hidden from
 * them and kept for the retention period (lib/server/directors/delete-own-director-file.ts); anyone else's: 404.
 */
export const DELETE = route({ auth: "user", action: "director.self.update", params: { id: "int" } }, async ({ db, user, params, meta }) => {
  await deleteOwnDirectorFile({ db, user, storage: getStorage(), fileId: params.id, meta });
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});

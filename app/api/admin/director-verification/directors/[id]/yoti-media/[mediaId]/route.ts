import { getDb } from "@/db";
import { requireAdminApi } from "@/lib/auth/guards";
import { route } from "@/lib/http";
import { AppError } from "@/lib/server/app-error";
import { parseId } from "@/lib/server/clients/get-client";
import { getDirectorMedia } from "@/lib/server/directors/get-director-media";

type Context = { params: Promise<{ id: string; mediaId: string }> };

/** A media item of the director's identity check, as text (Admin or api-key); another director's: 404. */
export const GET = route(async (request: Request, { params }: Context) => {
  const user = await requireAdminApi(request, "admin.directors.read");
  const p = await params;
  const directorId = parseId(p.id);
  const mediaId = parseId(p.mediaId);
  if (directorId === null || mediaId === null) throw new AppError("not_found");
  const media = await getDirectorMedia({ db: await getDb(), user, directorId, mediaId });
  return new Response(media.body, {
    headers: { "Content-Type": media.contentType, "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
});

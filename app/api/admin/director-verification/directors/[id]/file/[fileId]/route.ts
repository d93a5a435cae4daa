import { getDb } from "@/db";
import { requireAdminApi } from "@/lib/auth/guards";
import { getEnv } from "@/lib/env";
import { route } from "@/lib/http";
import { AppError } from "@/lib/server/app-error";
import { parseId } from "@/lib/server/clients/get-client";
import { getDirectorFile } from "@/lib/server/directors/get-director-file";

type Context = { params: Promise<{ id: string; fileId: string }> };

/** `attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266 / 8187). */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\;]/g, "_").slice(0, 150) || "file";
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/**
 * An uploaded file of the director (Admin or api-key), always as a download with its stored content
 * type and `nosniff`. Another director's file, a deleted one or missing bytes: 404.
 */
export const GET = route(async (request: Request, { params }: Context) => {
  const user = await requireAdminApi(request, "admin.directors.read");
  const p = await params;
  const directorId = parseId(p.id);
  const fileId = parseId(p.fileId);
  if (directorId === null || fileId === null) throw new AppError("not_found");
  const file = await getDirectorFile({ db: await getDb(), user, directorId, fileId, dataDir: getEnv().DATA_DIR });
  const contentType = /^[\w.+-]+\/[\w.+-]+$/.test(file.contentType) ? file.contentType : "application/octet-stream";
  return new Response(file.bytes as BodyInit, {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": contentDisposition(file.fileName),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
});

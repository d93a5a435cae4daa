import { z } from "zod";
import { getEnv } from "@/lib/env";
import { json, readBody } from "@/lib/http";
import { translator } from "@/lib/i18n/translator";
import { getStorage } from "@/lib/integrations/storage";
import { AppError } from "@/lib/server/app-error";
import { uploadOwnDirectorFile } from "@/lib/server/directors/upload-own-director-file";
import { route } from "@/lib/route";

/** Room for the multipart framing around the file (boundary lines, part headers). */
const MULTIPART_OVERHEAD = 16 * 1024;

function tooLarge(limit: number): Response {
  const t = translator();
  return json({ error: "too_large", message: t("apiErrors.upload_too_large", { megabytes: Math.floor(limit / (1024 * 1024)) }) }, { status: 413, headers: { Connection: "close" } });
}

/**
 * The signed-in director uploads evidence: multipart/form-data, the file in the field `file`,
 * `?fileType=Name` (proof of a change of name) or `Address` (proof of address). A body larger than
 * UPLOAD_MAX_BYTES is refused with 413: by its declared Content-Length before anything is read,
 * otherwise as soon as the bytes read pass the limit. Answers the director file (201).
 */
export const POST = route(
  { auth: "user", action: "director.self.update", query: z.object({ fileType: z.enum(["Name", "Address"]) }) },
  async ({ db, user, query, request, meta }) => {
    const limit = getEnv().UPLOAD_MAX_BYTES;
    const declared = request.headers.get("content-length");
    if (declared !== null && Number(declared) > limit + MULTIPART_OVERHEAD) return tooLarge(limit);
    if (!/^multipart\/form-data;/i.test(request.headers.get("content-type") ?? "")) throw new AppError("bad_request", "validation", { fields: { file: ["fileMissing"] } });

    let body: Uint8Array;
    try {
      body = await readBody(request, limit + MULTIPART_OVERHEAD);
    } catch (err) {
      if (err instanceof AppError && err.messageKey === "too_large") return tooLarge(limit);
      throw err;
    }
    let form: FormData;
    try {
      form = await new Response(body as BodyInit, { headers: { "content-type": request.headers.get("content-type")! } }).formData();
    } catch {
      throw new AppError("bad_request", "validation", { fields: { file: ["fileMissing"] } });
    }
    const file = form.get("file");
    if (!(file instanceof Blob)) throw new AppError("bad_request", "validation", { fields: { file: ["fileMissing"] } });
    if (file.size > limit) return tooLarge(limit);

    const view = await uploadOwnDirectorFile({
      db,
      user,
      storage: getStorage(),
      fileType: query.fileType,
      upload: { name: file instanceof File ? file.name : null, bytes: new Uint8Array(await file.arrayBuffer()) },
      meta,
    });
    return json(view, { status: 201 });
  },
);

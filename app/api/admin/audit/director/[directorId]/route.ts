import { getDb } from "@/db";
import { requireAdminApi } from "@/lib/auth/guards";
import { json, route } from "@/lib/http";
import { AppError } from "@/lib/server/app-error";
import { parseId } from "@/lib/server/clients/get-client";
import { listDirectorAudit } from "@/lib/server/directors/list-director-audit";

type Context = { params: Promise<{ directorId: string }> };

/** The audit trail of a director, newest first (Admin or api-key); `?limit=` up to 500. */
export const GET = route(async (request: Request, { params }: Context) => {
  const user = await requireAdminApi(request, "admin.audit.read");
  const id = parseId((await params).directorId);
  if (id === null) throw new AppError("not_found");
  const limit = parseId(new URL(request.url).searchParams.get("limit") ?? "") ?? undefined;
  return json(await listDirectorAudit({ db: await getDb(), user, id, limit }));
});

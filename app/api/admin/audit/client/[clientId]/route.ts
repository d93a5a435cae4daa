import { getDb } from "@/db";
import { requireAdminApi } from "@/lib/auth/guards";
import { json, route } from "@/lib/http";
import { AppError } from "@/lib/server/app-error";
import { parseId } from "@/lib/server/clients/get-client";
import { listClientAudit } from "@/lib/server/clients/list-client-audit";

type Context = { params: Promise<{ clientId: string }> };

/** The audit trail of a client and its directors, newest first (Admin or api-key); `?limit=` up to 500. */
export const GET = route(async (request: Request, { params }: Context) => {
  const user = await requireAdminApi(request, "admin.audit.read");
  const id = parseId((await params).clientId);
  if (id === null) throw new AppError("not_found");
  const limit = parseId(new URL(request.url).searchParams.get("limit") ?? "") ?? undefined;
  return json(await listClientAudit({ db: await getDb(), user, id, limit }));
});

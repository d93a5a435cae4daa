import { getDb } from "@/db";
import { requireAdminApi } from "@/lib/auth/guards";
import { json, route } from "@/lib/http";
import { AppError } from "@/lib/server/app-error";
import { parseId } from "@/lib/server/clients/get-client";
import { getSovInfo } from "@/lib/server/directors/get-sov-info";

type Context = { params: Promise<{ id: string }> };

/** The director's statement-of-verification data (Admin or api-key). */
export const GET = route(async (request: Request, { params }: Context) => {
  const user = await requireAdminApi(request, "admin.directors.read");
  const id = parseId((await params).id);
  if (id === null) throw new AppError("not_found");
  return json(await getSovInfo({ db: await getDb(), user, id }));
});

import { getDb } from "@/db";
import { requireAdminApi } from "@/lib/auth/guards";
import { json, route } from "@/lib/http";
import { AppError } from "@/lib/server/app-error";
import { getClient, parseId } from "@/lib/server/clients/get-client";

type Context = { params: Promise<{ id: string }> };

/** A client with its directors (Admin or api-key). */
export const GET = route(async (request: Request, { params }: Context) => {
  const user = await requireAdminApi(request, "admin.clients.read");
  const id = parseId((await params).id);
  if (id === null) throw new AppError("not_found");
  return json(await getClient({ db: await getDb(), user, id }));
});

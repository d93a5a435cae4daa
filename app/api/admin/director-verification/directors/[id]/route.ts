import { getDb } from "@/db";
import { requireAdminApi } from "@/lib/auth/guards";
import { getEnv } from "@/lib/env";
import { assertSameOrigin, json, readJson, requestMeta, route } from "@/lib/http";
import { AppError } from "@/lib/server/app-error";
import { getClient, parseId } from "@/lib/server/clients/get-client";
import { getDirector } from "@/lib/server/directors/get-director";
import { patchDirector } from "@/lib/server/directors/patch-director";

type Context = { params: Promise<{ id: string }> };

/** A director with checks, media, address history and files (Admin or api-key). */
export const GET = route(async (request: Request, { params }: Context) => {
  const user = await requireAdminApi(request, "admin.directors.read");
  const id = parseId((await params).id);
  if (id === null) throw new AppError("not_found");
  return json(await getDirector({ db: await getDb(), user, id }));
});

/**
 * JSON Patch operations on the director's allow-listed fields (lib/schemas/director-patch.ts),
 * overrides with their reasons → the director's client (spec §7). Invalid: 400, nothing changed.
 */
export const PATCH = route(async (request: Request, { params }: Context) => {
  assertSameOrigin(request, getEnv().APP_URL);
  const user = await requireAdminApi(request, "admin.directors.update");
  const id = parseId((await params).id);
  if (id === null) throw new AppError("not_found");
  const operations = await readJson(request);
  const db = await getDb();
  const { clientId } = await patchDirector({ db, user, id, operations, meta: requestMeta(request) });
  return json(await getClient({ db, user, id: clientId }));
});

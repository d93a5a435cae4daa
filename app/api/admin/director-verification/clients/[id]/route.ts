import { getDb } from "@/db";
import { requireAdminApi } from "@/lib/auth/guards";
import { getEnv } from "@/lib/env";
import { assertSameOrigin, json, readJson, requestMeta, route } from "@/lib/http";
import { AppError } from "@/lib/server/app-error";
import { getClient, parseId } from "@/lib/server/clients/get-client";
import { patchClient } from "@/lib/server/clients/patch-client";

type Context = { params: Promise<{ id: string }> };

/** A client with its directors (Admin or api-key). */
export const GET = route(async (request: Request, { params }: Context) => {
  const user = await requireAdminApi(request, "admin.clients.read");
  const id = parseId((await params).id);
  if (id === null) throw new AppError("not_found");
  return json(await getClient({ db: await getDb(), user, id }));
});

/**
 * JSON Patch operations (`op`, `path`, `value`) on the client's allow-listed fields
 * (lib/schemas/client-patch.ts) → `{ success: true }`. Any invalid operation: 400, nothing changed.
 */
export const PATCH = route(async (request: Request, { params }: Context) => {
  assertSameOrigin(request, getEnv().APP_URL);
  const user = await requireAdminApi(request, "admin.clients.update");
  const id = parseId((await params).id);
  if (id === null) throw new AppError("not_found");
  const operations = await readJson(request);
  await patchClient({ db: await getDb(), user, id, operations, meta: requestMeta(request) });
  return json({ success: true });
});

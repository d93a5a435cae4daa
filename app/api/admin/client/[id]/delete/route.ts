import { getDb } from "@/db";
import { requireAdminApi } from "@/lib/auth/guards";
import { getEnv } from "@/lib/env";
import { assertSameOrigin, json, parseWith, readJson, requestMeta, route } from "@/lib/http";
import { deleteRequestSchema } from "@/lib/schemas/client-patch";
import { AppError } from "@/lib/server/app-error";
import { deleteClient } from "@/lib/server/clients/delete-client";
import { parseId } from "@/lib/server/clients/get-client";

type Context = { params: Promise<{ id: string }> };

/**
 * Soft-deletes a client: JSON `{ reason }` (required, not blank, ≤ 1000 characters) →
 * `{ success: true }`. Already deleted: the same answer, nothing changed.
 */
export const POST = route(async (request: Request, { params }: Context) => {
  assertSameOrigin(request, getEnv().APP_URL);
  const user = await requireAdminApi(request, "admin.clients.delete");
  const id = parseId((await params).id);
  if (id === null) throw new AppError("not_found");
  const { reason } = parseWith(deleteRequestSchema, await readJson(request, 16 * 1024));
  await deleteClient({ db: await getDb(), user, id, reason, meta: requestMeta(request) });
  return json({ success: true });
});

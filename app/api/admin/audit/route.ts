import { getDb } from "@/db";
import { requireAdminApi } from "@/lib/auth/guards";
import { json, route } from "@/lib/http";
import { listAuditEntries } from "@/lib/server/audit/list-audit-entries";

/** Audit entries, newest first (Admin or api-key). */
export const GET = route(async (request: Request) => {
  const user = await requireAdminApi(request, "admin.audit.read");
  return json(await listAuditEntries({ db: await getDb(), user }));
});

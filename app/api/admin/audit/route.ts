import { getDb } from "@/db";
import { requireAdminApi } from "@/lib/auth/guards";
import { json, parseWith, route } from "@/lib/http";
import { auditQuerySchema, firstValues } from "@/lib/schemas/audit-query";
import { findAuditEntries } from "@/lib/server/audit/find-audit-entries";

/**
 * Audit entries, newest first, one page at a time (Admin or api-key):
 * `?page=&pageSize=&auditType=&errorsOnly=&entityType=&entityId=&clientId=&directorId=&from=&to=`
 * → `{ entries, pager }`; a bad query is a 400 naming the fields.
 */
export const GET = route(async (request: Request) => {
  const user = await requireAdminApi(request, "admin.audit.read");
  const query = parseWith(auditQuerySchema, firstValues(new URL(request.url).searchParams));
  return json(await findAuditEntries({ db: await getDb(), user, query }));
});

import { auditQuerySchema } from "@/lib/schemas/audit-query";
import { findAuditEntries } from "@/lib/server/audit/find-audit-entries";
import { route } from "@/lib/route";

/**
 * Audit entries, newest first, one page at a time (Admin or api-key):
 * `?page=&pageSize=&auditType=&errorsOnly=&entityType=&entityId=&clientId=&directorId=&from=&to=`
 * → `{ entries, pager }`; a bad query is a 400 naming the fields.
 */
export const GET = route({ auth: "admin-api", action: "admin.audit.read", query: auditQuerySchema }, ({ db, user, query }) => findAuditEntries({ db, user, query }));

import { auditLimitQuerySchema } from "@/lib/schemas/audit-query";
import { listDirectorAudit } from "@/lib/server/directors/list-director-audit";
import { route } from "@/lib/route";

/** The audit trail of a director, newest first (Admin or api-key); `?limit=` up to 500. */
export const GET = route({ auth: "admin-api", action: "admin.audit.read", params: { directorId: "int" }, query: auditLimitQuerySchema }, ({ db, user, params, query }) =>
  listDirectorAudit({ db, user, id: params.directorId, limit: query.limit }),
);

import { auditLimitQuerySchema } from "@/lib/schemas/audit-query";
import { listClientAudit } from "@/lib/server/clients/list-client-audit";
import { route } from "@/lib/route";

/** The audit trail of a client and its directors, newest first (Admin or api-key); `?limit=` up to 500. */
export const GET = route({ auth: "admin-api", action: "admin.audit.read", params: { clientId: "int" }, query: auditLimitQuerySchema }, ({ db, user, params, query }) =>
  listClientAudit({ db, user, id: params.clientId, limit: query.limit }),
);

import { csvResponse } from "@/lib/csv/response";
import { exportQuerySchema } from "@/lib/schemas/export-query";
import { exportDirectorsCsv } from "@/lib/server/exports/export-directors-csv";
import { route } from "@/lib/route";

/** One client's directors as a streamed CSV file (Admin or api-key); `?includeDeleted=true` adds deleted ones. */
export const GET = route({ auth: "admin-api", action: "admin.export", params: { id: "int" }, query: exportQuerySchema }, async ({ db, user, params, query }) =>
  csvResponse(await exportDirectorsCsv({ db, user, clientId: params.id, includeDeleted: query.includeDeleted })),
);

import { csvResponse } from "@/lib/csv/response";
import { exportQuerySchema } from "@/lib/schemas/export-query";
import { exportClientsCsv } from "@/lib/server/exports/export-clients-csv";
import { route } from "@/lib/route";

/** Every client as a streamed CSV file (Admin or api-key); `?includeDeleted=true` adds deleted ones. */
export const GET = route({ auth: "admin-api", action: "admin.export", query: exportQuerySchema }, async ({ db, user, query }) =>
  csvResponse(await exportClientsCsv({ db, user, includeDeleted: query.includeDeleted })),
);

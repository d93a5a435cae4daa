import { getDb } from "@/db";
import { requireAdminApi } from "@/lib/auth/guards";
import { csvResponse } from "@/lib/csv/response";
import { parseWith, route } from "@/lib/http";
import { exportQuerySchema, queryOf } from "@/lib/schemas/export-query";
import { exportClientsCsv } from "@/lib/server/exports/export-clients-csv";

/** Every client as a streamed CSV file (Admin or api-key); `?includeDeleted=true` adds deleted ones. */
export const GET = route(async (request: Request) => {
  const user = await requireAdminApi(request, "admin.export");
  const { includeDeleted } = parseWith(exportQuerySchema, queryOf(request.url));
  return csvResponse(await exportClientsCsv({ db: await getDb(), user, includeDeleted }));
});

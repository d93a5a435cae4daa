import { getDb } from "@/db";
import { requireAdminApi } from "@/lib/auth/guards";
import { csvResponse } from "@/lib/csv/response";
import { parseWith, route } from "@/lib/http";
import { exportQuerySchema, queryOf } from "@/lib/schemas/export-query";
import { AppError } from "@/lib/server/app-error";
import { parseId } from "@/lib/server/clients/get-client";
import { exportDirectorsCsv } from "@/lib/server/exports/export-directors-csv";

type Context = { params: Promise<{ id: string }> };

/** One client's directors as a streamed CSV file (Admin or api-key); `?includeDeleted=true` adds deleted ones. */
export const GET = route(async (request: Request, { params }: Context) => {
  const user = await requireAdminApi(request, "admin.export");
  const clientId = parseId((await params).id);
  if (clientId === null) throw new AppError("not_found");
  const { includeDeleted } = parseWith(exportQuerySchema, queryOf(request.url));
  return csvResponse(await exportDirectorsCsv({ db: await getDb(), user, clientId, includeDeleted }));
});

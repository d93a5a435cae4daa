import { getDb } from "@/db";
import { requireAdminApi } from "@/lib/auth/guards";
import { json, parseWith, readJson, route } from "@/lib/http";
import { clientSearchSchema } from "@/lib/schemas/client-search";
import { searchClients } from "@/lib/server/clients/search-clients";

/** The admin client search (Admin or api-key): a search request in, status counts, rows and pager out. */
export const POST = route(async (request: Request) => {
  const user = await requireAdminApi(request, "admin.clients.read");
  const query = parseWith(clientSearchSchema, await readJson(request));
  return json(await searchClients({ db: await getDb(), user, query }));
});

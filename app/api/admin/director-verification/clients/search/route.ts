import { clientSearchSchema } from "@/lib/schemas/client-search";
import { searchClients } from "@/lib/server/clients/search-clients";
import { route } from "@/lib/route";

/**
 * The admin client search (Admin or api-key): a search request in, status counts, rows and pager
 * out. A read sent as POST only to carry its request, so no origin check.
 */
export const POST = route({ auth: "admin-api", action: "admin.clients.read", body: clientSearchSchema, sameOrigin: false }, ({ db, user, body }) =>
  searchClients({ db, user, query: body }),
);

import { getDb } from "@/db";
import { requireUser } from "@/lib/auth/guards";
import { json, route } from "@/lib/http";
import { getOwnCompany } from "@/lib/server/clients/get-own-company";

/** The signed-in company contact's own company (DV_CompanyContact only). */
export const GET = route(async (request: Request) => {
  const user = await requireUser(request, "company.read");
  return json(await getOwnCompany({ db: await getDb(), user }));
});

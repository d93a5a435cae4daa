import { z } from "zod";
import { getOwnCompany } from "@/lib/server/clients/get-own-company";
import { patchOwnCompany } from "@/lib/server/clients/patch-own-company";
import { route } from "@/lib/route";

/** The signed-in company contact's own company (DV_CompanyContact only). */
export const GET = route({ auth: "user", action: "company.read" }, ({ db, user }) => getOwnCompany({ db, user }));

/**
 * JSON Patch operations on the contact's own company, limited to the contact and billing fields
 * (lib/schemas/company-patch.ts) → `{ success: true }`. Any operation outside them, or any invalid
 * value: 400, nothing changed.
 */
export const PATCH = route({ auth: "user", action: "company.update", body: z.unknown() }, async ({ db, user, body, meta }) => {
  await patchOwnCompany({ db, user, operations: body, meta });
  return { success: true };
});

import { recheckRegister } from "@/lib/server/companies-house/register-check-recheck";
import { route } from "@/lib/route";

/**
 * Asks for the individual's Companies House register check again (no body) → `{ success: true }`;
 * the check runs as a job. An individual whose identity check has not passed: 409.
 */
export const POST = route({ auth: "admin-api", action: "admin.directors.review", params: { id: "int" } }, async ({ db, user, params, meta }) => {
  await recheckRegister({ db, user, id: params.id, meta });
  return { success: true };
});

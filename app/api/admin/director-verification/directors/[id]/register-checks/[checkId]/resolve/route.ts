import { registerCheckResolutionSchema } from "@/lib/schemas/register-check";
import { resolveRegisterCheck } from "@/lib/server/companies-house/register-check-resolve";
import { route } from "@/lib/route";

/**
 * Records how a register check's finding was resolved: JSON `{ reason }` (more than 10 characters)
 * → `{ success: true }`. A check that matched or is already resolved: 409.
 */
export const POST = route(
  { auth: "admin-api", action: "admin.directors.review", params: { id: "int", checkId: "int" }, body: registerCheckResolutionSchema, maxBytes: 16 * 1024 },
  async ({ db, user, params, body, meta }) => {
    await resolveRegisterCheck({ db, user, id: params.id, checkId: params.checkId, reason: body.reason, meta });
    return { success: true };
  },
);

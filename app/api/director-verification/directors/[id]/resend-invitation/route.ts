import { route } from "@/lib/route";
import { resendInvitation } from "@/lib/server/directors/resend-invitation";

/**
 * The company contact sends one of their individuals the invitation again → `{ success: true }`.
 * 404 for anyone not their company's live individual, 409 for someone not invited yet or whose
 * verification has ended, 429 (with Retry-After) when resent too recently.
 */
export const POST = route({ auth: "user", action: "company.update", params: { id: "int" } }, ({ db, user, params, meta }) =>
  resendInvitation({ db, user, directorId: params.id, meta }),
);

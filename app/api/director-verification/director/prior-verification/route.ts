import { priorVerificationSchema } from "@/lib/schemas/prior-verification";
import { confirmPriorVerification } from "@/lib/server/companies-house/person-confirm-prior";
import { route } from "@/lib/route";

/**
 * The signed-in individual, already verified here for another company, confirms it is them and
 * re-enters that verification's personal code: JSON `{ confirm: true, companiesHouseCode }` →
 * `{ success: true, status }` (Complete). A different code: 400 on `companiesHouseCode`; nothing
 * to confirm from here: 409; too many tries in a day: 429.
 */
export const POST = route(
  { auth: "user", action: "director.self.update", body: priorVerificationSchema, maxBytes: 4 * 1024 },
  async ({ db, user, body, meta }) => {
    const { status } = await confirmPriorVerification({ db, user, companiesHouseCode: body.companiesHouseCode, meta });
    return { success: true, status };
  },
);

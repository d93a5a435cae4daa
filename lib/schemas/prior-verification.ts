import { z } from "zod";
import { personalCodeSchema } from "./director-self-patch";

/**
 * The body of POST /api/director-verification/director/prior-verification (issue 20 item 5): an
 * individual already verified here for another company confirms it is them (`confirm`, the
 * checkbox) and re-enters the Companies House personal code they were given then (the same rules
 * as the personal code step: 11 letters and digits, spaces and small letters accepted).
 */
export const priorVerificationSchema = z.object({
  confirm: z.literal(true, { error: "priorConfirmRequired" }),
  companiesHouseCode: personalCodeSchema,
});
export type PriorVerificationInput = z.input<typeof priorVerificationSchema>;
export type PriorVerificationRequest = z.output<typeof priorVerificationSchema>;

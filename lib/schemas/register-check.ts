import { z } from "zod";
import { statusOverrideReasonSchema } from "./director-patch";

/**
 * The body of POST /api/admin/director-verification/directors/{id}/register-checks/{checkId}/resolve:
 * how staff resolved a register check's finding (a mismatch, an individual not on the register, a
 * register that could not be asked), more than 10 characters, as an override's reason.
 */
export const registerCheckResolutionSchema = z.object({ reason: statusOverrideReasonSchema });
export type RegisterCheckResolution = z.output<typeof registerCheckResolutionSchema>;

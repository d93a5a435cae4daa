import * as z from "zod/mini";
import { trimmedText } from "./fields";

/**
 * The new-enquiry form (spec §3), shared by the /contact form and POST /api/new-enquiry.
 * Messages are keys under `validation` in messages/en-GB.json.
 */
export const enquirySchema = z.object({
  name: trimmedText(200),
  email: z.pipe(trimmedText(254), z.email("email")),
  description: trimmedText(5000),
});

export type EnquiryInput = z.infer<typeof enquirySchema>;

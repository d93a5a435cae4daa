import { email, object, pipe, type infer as Infer } from "zod/mini";
import { trimmedText } from "./fields";

/**
 * The new-enquiry form (spec §3), shared by the /contact form and POST /api/new-enquiry.
 * Messages are keys under `validation` in messages/en-GB.json.
 */
export const enquirySchema = object({
  name: trimmedText(200),
  email: pipe(trimmedText(254), email("email")),
  description: trimmedText(5000),
});

export type EnquiryInput = Infer<typeof enquirySchema>;

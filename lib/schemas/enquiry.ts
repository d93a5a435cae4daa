import { email, object, pipe, type infer as Infer } from "zod/mini";
import { trimmedText } from "./fields";

/**
 * The new-enquiry form, shared by the /contact form and POST /api/new-enquiry. The name and email
 * are single lines (they are copied into the support email and an admin notification); the
 * description may have line breaks. Messages are keys under `validation` in messages/en-GB.json.
 */
export const enquirySchema = object({
  name: trimmedText(200, { required: "enquiryNameRequired" }),
  email: pipe(trimmedText(254, { required: "enquiryEmailRequired" }), email("enquiryEmailFormat")),
  description: trimmedText(5000, { multiline: true, required: "enquiryDescriptionRequired" }),
});

export type EnquiryInput = Infer<typeof enquirySchema>;

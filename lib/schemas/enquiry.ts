import { z } from "zod";

/**
 * The new-enquiry form (spec §3), shared by the /contact form and POST /api/new-enquiry.
 * Messages are keys under `validation` in messages/en-GB.json.
 */
export const enquirySchema = z.object({
  name: z.string({ error: "required" }).trim().min(1, "required").max(200, "tooLong"),
  email: z.string({ error: "required" }).trim().min(1, "required").max(254, "tooLong").pipe(z.email("email")),
  description: z.string({ error: "required" }).trim().min(1, "required").max(5000, "tooLong"),
});

export type EnquiryInput = z.infer<typeof enquirySchema>;

import { z } from "zod";

/** The sign-in form (spec §3 "Login request"), shared by /login and POST /api/send-link. */
export const loginSchema = z.object({
  email: z.string({ error: "required" }).trim().min(1, "required").max(254, "tooLong").pipe(z.email("email")),
  reference: z
    .string({ error: "required" })
    .trim()
    .min(1, "required")
    .max(40, "tooLong")
    .regex(/^[A-Za-z0-9 -]+$/, "reference"),
});

export type LoginInput = z.infer<typeof loginSchema>;

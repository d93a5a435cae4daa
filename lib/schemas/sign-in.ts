import * as z from "zod/mini";
import { trimmedText } from "./fields";

/** The sign-in form (spec §3 "Login request"), shared by /login and POST /api/send-link. */
export const loginSchema = z.object({
  email: z.pipe(trimmedText(254), z.email("email")),
  reference: trimmedText(40).check(z.regex(/^[A-Za-z0-9 -]+$/, "reference")),
});

export type LoginInput = z.infer<typeof loginSchema>;

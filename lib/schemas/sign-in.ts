import { email, object, pipe, regex, type infer as Infer } from "zod/mini";
import { trimmedText } from "./fields";

/** The sign-in form (docs/domain.md "Login request"), shared by /login and POST /api/send-link. */
export const loginSchema = object({
  email: pipe(trimmedText(254), email("email")),
  reference: trimmedText(40).check(regex(/^[A-Za-z0-9 -]+$/, "reference")),
});

export type LoginInput = Infer<typeof loginSchema>;

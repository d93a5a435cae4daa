import { safeParse } from "zod/mini";
import { loginSchema, type LoginInput } from "@/lib/schemas/sign-in";

/** The query of /login: each name may come once, several times or not at all. */
export type LoginQuery = Record<string, string | string[] | undefined>;

/**
 * The sign-in form's starting values from /login's query (`?email=…&reference=…`, the invitation's
 * link). Each field is checked on its own with the sign-in schema's rule and kept only when valid:
 * anything else (missing, repeated, too long, not an email, not a reference) starts empty, so a
 * crafted link can put nothing in the form the form itself would refuse. Filling in signs nobody in:
 * the person still asks for the link.
 */
export function loginPrefill(query: LoginQuery): { email: string; reference: string } {
  const pick = (name: keyof LoginInput) => {
    const value = query[name];
    if (typeof value !== "string") return "";
    const parsed = safeParse(loginSchema.shape[name], value);
    return parsed.success ? parsed.data : "";
  };
  return { email: pick("email"), reference: pick("reference") };
}

/** The path of /login filled in for this person (the invitation's link). */
export function loginPrefillPath({ email, reference }: LoginInput): string {
  return `/login?${new URLSearchParams({ email, reference }).toString()}`;
}

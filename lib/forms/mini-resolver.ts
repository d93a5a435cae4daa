import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import { safeParse, type core } from "zod/mini";

/**
 * A react-hook-form resolver for zod schemas that stays small in the browser: @hookform/resolvers'
 * zod resolver also bundles zod's v3 build (30 kB gzip), which the sign-in page cannot afford.
 * Flat forms only: errors are keyed by the issue's path; the first issue of a field wins.
 */
export function miniResolver<T extends FieldValues>(schema: core.$ZodType<T, T>): Resolver<T> {
  return async (values) => {
    const result = safeParse(schema, values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join(".");
      errors[key] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

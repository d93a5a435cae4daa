import { toNestErrors } from "@hookform/resolvers";
import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";

/** The Standard Schema interface that zod schemas implement (https://standardschema.dev). */
interface StandardSchema<T> {
  "~standard": {
    validate(value: unknown): StandardResult<T> | Promise<StandardResult<T>>;
  };
}
type StandardResult<T> =
  | { value: T; issues?: undefined }
  | { issues: ReadonlyArray<{ message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> }> };

/**
 * A react-hook-form resolver that loads its zod schema on first use. The same schema as the
 * server's then checks the form in the browser, but zod (30 kB gzip) stays out of the page's
 * first-load JavaScript: call `preload` when the form is first touched. `T` is what the form holds,
 * `TOut` what the schema makes of it (the client form's price is typed in pounds, given in pence).
 * The first issue of a field wins. Errors are nested by path as react-hook-form keeps them
 * (`company.name`, `individuals.3.email`; an error of an array that also has errors in its rows
 * becomes the array's `root`), so nested and list fields clear their errors when revalidated.
 */
export function lazyResolver<T extends FieldValues, TOut = T>(load: () => Promise<StandardSchema<TOut>>): Resolver<T, unknown, TOut> & { preload(): void } {
  let schema: Promise<StandardSchema<TOut>> | undefined;
  const get = () => (schema ??= load());
  const resolver: Resolver<T, unknown, TOut> = async (values, _context, options) => {
    const result = await (await get())["~standard"].validate(values);
    if (!result.issues) return { values: result.value, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.issues) {
      const key = (issue.path ?? []).map((p) => String(typeof p === "object" ? p.key : p)).join(".");
      errors[key] ??= { type: "validation", message: issue.message };
    }
    return { values: {}, errors: toNestErrors(errors, options) as FieldErrors<T> };
  };
  return Object.assign(resolver, { preload: () => void get() });
}

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
 * first-load JavaScript: call `preload` when the form is first touched.
 * Flat forms only: errors are keyed by the issue's path; the first issue of a field wins.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<StandardSchema<T>>): Resolver<T> & { preload(): void } {
  let schema: Promise<StandardSchema<T>> | undefined;
  const get = () => (schema ??= load());
  const resolver = async (values: T) => {
    const result = await (await get())["~standard"].validate(values);
    if (!result.issues) return { values: result.value, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.issues) {
      const key = (issue.path ?? []).map((p) => String(typeof p === "object" ? p.key : p)).join(".");
      errors[key] ??= { type: "validation", message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
  return Object.assign(resolver as Resolver<T>, { preload: () => void get() });
}

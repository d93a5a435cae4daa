import { z } from "zod";

/** Query of the CSV exports: `includeDeleted=true` adds soft-deleted records. */
export const exportQuerySchema = z.object({
  includeDeleted: z
    .enum(["true", "false"], { error: "invalid" })
    .optional()
    .transform((v) => v === "true"),
});

export type ExportQuery = z.infer<typeof exportQuerySchema>;

/** The query string of a URL as a plain object (first value of each name), for zod. */
export function queryOf(url: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URL(url).searchParams) if (!(key in out)) out[key] = value;
  return out;
}

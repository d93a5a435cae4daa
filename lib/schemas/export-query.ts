import { z } from "zod";

/** Query of the CSV exports: `includeDeleted=true` adds soft-deleted records. */
export const exportQuerySchema = z.object({
  includeDeleted: z
    .enum(["true", "false"], { error: "invalid" })
    .optional()
    .transform((v) => v === "true"),
});

export type ExportQuery = z.infer<typeof exportQuerySchema>;

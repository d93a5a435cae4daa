import { z } from "zod";

/** Which failed job an admin retries or discards: its queue (job kind) and pg-boss id. */
export const failedJobActionSchema = z.object({
  queue: z.string().trim().min(1).max(100),
  id: z.uuid(),
});

export type FailedJobAction = z.infer<typeof failedJobActionSchema>;

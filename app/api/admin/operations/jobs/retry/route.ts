import { route } from "@/lib/route";
import { failedJobActionSchema } from "@/lib/schemas/failed-job";
import { retryFailedJob } from "@/lib/server/operations/retry-failed-job";

/** The operator's page's "Retry": `{ queue, id }` of a failed job; 409 when it is not failed any more or the same work is under way. */
export const POST = route({ auth: "admin-api", action: "admin.operations", body: failedJobActionSchema }, ({ db, user, body, meta }) =>
  retryFailedJob({ db, user, name: body.queue, id: body.id, meta }),
);

import { route } from "@/lib/route";
import { failedJobActionSchema } from "@/lib/schemas/failed-job";
import { discardFailedJob } from "@/lib/server/operations/discard-failed-job";

/** The operator's page's "Discard": `{ queue, id }` of a failed job; 409 when it is not failed any more. */
export const POST = route({ auth: "admin-api", action: "admin.operations", body: failedJobActionSchema }, ({ db, user, body, meta }) =>
  discardFailedJob({ db, user, name: body.queue, id: body.id, meta }),
);

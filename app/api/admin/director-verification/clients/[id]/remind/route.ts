import { z } from "zod";
import { route } from "@/lib/route";
import { sendReminderNow } from "@/lib/server/reminders/send-reminder-now";

const body = z.object({ directorId: z.number().int().positive().optional() }).strict();

/**
 * Sends a reminder now (Admin or api-key): `{}` to the company's contact, `{ directorId }` to one of
 * its individuals. Answers `{ sent: "contact" | "director" | "idv" }` once the email is queued;
 * 409 when the record is never reminded or was reminded today.
 */
export const POST = route({ auth: "admin-api", action: "admin.clients.remind", params: { id: "int" }, body }, ({ db, user, params, body }) =>
  sendReminderNow({ db, user, clientId: params.id, directorId: body.directorId }),
);

import { retryInvoice } from "@/lib/server/invoices/retry-invoice";
import { route } from "@/lib/route";

/**
 * Raises the client's Sage invoice again after the job gave up (Admin or api-key): sends the job and
 * answers `{ queued: true }` at once. 409 when there is nothing to retry or an attempt is under way.
 */
export const POST = route({ auth: "admin-api", action: "admin.clients.invoice", params: { id: "int" } }, ({ db, user, params }) => retryInvoice({ db, user, id: params.id }));

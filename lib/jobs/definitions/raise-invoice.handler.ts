import { SageError } from "@/lib/integrations/sage";
import { raiseAdditionalInvoice } from "@/lib/server/invoices/raise-additional-invoice";
import { auditInvoiceAttemptFailed, raiseInvoice, recordInvoiceGivenUp } from "@/lib/server/invoices/raise-invoice";
import type { JobContext } from "../define-job";
import type { FailedJobContext } from "../lazy";
import { raiseInvoiceRetry as retry, type RaiseInvoicePayload } from "./raise-invoice";

/** One attempt at the invoice (raise-invoice.ts): a failure no retry can mend is given up at once. */
export async function run({ clientId, additionId, requestedBy }: RaiseInvoicePayload, { db, jobId, attempt }: JobContext) {
  try {
    if (additionId === undefined) await raiseInvoice({ db, clientId, requestedBy });
    else await raiseAdditionalInvoice({ db, additionId, requestedBy });
  } catch (err) {
    const retryable = !(err instanceof SageError) || err.retryable;
    const willRetry = retryable && attempt <= retry.retries;
    await auditInvoiceAttemptFailed(db, { clientId, attempt, willRetry, err });
    if (retryable) throw err;
    await db.transaction((tx) => recordInvoiceGivenUp(tx, { clientId, jobId, error: err.message }));
  }
}

export async function onFailed({ clientId }: RaiseInvoicePayload, { db, jobId, error }: FailedJobContext) {
  await recordInvoiceGivenUp(db, { clientId, jobId, error });
}

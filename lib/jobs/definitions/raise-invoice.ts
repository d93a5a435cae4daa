import { z } from "zod";
import type { RetryPolicy } from "../define-job";
import { defineHandledJob } from "../handled-job";

/**
 * Sage is down for minutes at a time and rate-limits in bursts: seven more attempts, doubling
 * from 30 seconds up to an hour apart, cover about two hours before admins are told.
 */
export const raiseInvoiceRetry: RetryPolicy = { retries: 7, delaySeconds: 30, backoff: true, maxDelaySeconds: 3600 };

export const raiseInvoicePayload = z.object({ clientId: z.number().int().positive(), additionId: z.number().int().positive().optional(), requestedBy: z.string().min(1).max(320).optional() });
export type RaiseInvoicePayload = z.infer<typeof raiseInvoicePayload>;

/**
 * The job key of a client's invoice. A retry an admin asks for after a failure gets a key of its
 * own (`after` = the failures recorded so far), so two clicks on the button at once send one job.
 */
export function invoiceJobKey(clientId: number, after?: number): string {
  return after === undefined ? `invoice:${clientId}` : `invoice:${clientId}:retry-after-${after}`;
}

/**
 * Raises the Sage sales invoice of a client that pays by invoice (lib/server/invoices/raise-invoice.ts).
 * Sent in the transaction that creates the client, so an invoice is only ever raised for a request
 * that was stored; sent again by an admin's retry from the client page (`requestedBy`).
 *
 * Every failed attempt is audited (SageError). A failure that no retry can mend (Sage refused the
 * record, the connection needs authorising again) is given up at once rather than repeated for
 * hours; a passing one (Sage down, rate limit, time-out) is retried with backoff, and when the last
 * attempt fails the failed-jobs queue calls `onFailed`, which tells admins (raise-invoice.handler.ts).
 *
 * With `additionId` the job raises the additional invoice of individuals the company contact added
 * later (lib/server/invoices/raise-additional-invoice.ts), with the same retries and failure path.
 */
export const raiseInvoiceJob = defineHandledJob(
  "invoice.raise",
  raiseInvoicePayload,
  { retry: raiseInvoiceRetry, expireInSeconds: 5 * 60 },
  () => import("./raise-invoice.handler"),
);

import type { z } from "zod";
import type { JobDefinition } from "../define-job";
import { checkRegisterJob } from "./check-register";
import { checkSearchModelJob } from "./check-search-model";
import { deleteExpiredEvidenceJob } from "./delete-expired-evidence";
import { foldSearchCountsJob } from "./fold-search-counts";
import { markOverdueClientsJob } from "./mark-overdue-clients";
import { pruneSecurityDataJob } from "./prune-security-data";
import { raiseInvoiceJob } from "./raise-invoice";
import { refreshCompanyRegisterJob } from "./refresh-company-register";
import { sendEmailJob } from "./send-email";
import { sendInvitationJob } from "./send-invitation";
import { sendRemindersJob } from "./send-reminders";
import { sendSignInLinkJob } from "./send-sign-in-link";
import { sweepYotiSessionsJob } from "./sweep-yoti-sessions";
import { verifyAuditTrailJob } from "./verify-audit-trail";

/**
 * Every kind of job, one definition file each (x.ts: name, payload schema, retries) with its work in
 * x.handler.ts, loaded on the job's first run (lib/jobs/lazy.ts). A new job is added here and
 * nowhere else. A definition imports no server code (its handler does), so the server functions
 * that send jobs can import this registry without an import cycle (lib/import-graph.test.ts).
 */
const all = [sendEmailJob, sendSignInLinkJob, pruneSecurityDataJob, raiseInvoiceJob, sendInvitationJob, sweepYotiSessionsJob, deleteExpiredEvidenceJob, sendRemindersJob, verifyAuditTrailJob, refreshCompanyRegisterJob, checkRegisterJob, markOverdueClientsJob, foldSearchCountsJob, checkSearchModelJob] as const;

type AnyDefinition = (typeof all)[number];
export type JobName = AnyDefinition["name"];
export type JobDefinitionOf<N extends JobName> = Extract<AnyDefinition, { name: N }>;
export type JobPayload<N extends JobName> = z.input<JobDefinitionOf<N>["schema"]>;

export const jobDefinitions: ReadonlyMap<string, JobDefinition> = new Map(all.map((d) => [d.name, d as unknown as JobDefinition]));

export function jobDefinition<N extends JobName>(name: N): JobDefinitionOf<N> {
  const definition = jobDefinitions.get(name);
  if (!definition) throw new Error(`unknown job ${name}`);
  return definition as unknown as JobDefinitionOf<N>;
}

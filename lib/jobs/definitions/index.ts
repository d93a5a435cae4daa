import type { z } from "zod";
import type { JobDefinition } from "../define-job";
import { pruneSecurityDataJob } from "./prune-security-data";
import { raiseInvoiceJob } from "./raise-invoice";
import { sendEmailJob } from "./send-email";
import { sendInvitationJob } from "./send-invitation";
import { sendRemindersJob } from "./send-reminders";
import { sendSignInLinkJob } from "./send-sign-in-link";
import { sweepYotiSessionsJob } from "./sweep-yoti-sessions";
import { checkRegisterJob } from "./check-register";
import { verifyAuditTrailJob } from "./verify-audit-trail";
import { refreshCompanyRegisterJob } from "./refresh-company-register";
import { markOverdueClientsJob } from "./mark-overdue-clients";
// Last: its module graph (file storage) is the newest; keep the older jobs evaluated first.
import { deleteExpiredEvidenceJob } from "./delete-expired-evidence";

/** Every kind of job, one file each. A new job is added here and nowhere else. */
const all = [sendEmailJob, sendSignInLinkJob, pruneSecurityDataJob, raiseInvoiceJob, sendInvitationJob, sweepYotiSessionsJob, deleteExpiredEvidenceJob, sendRemindersJob, verifyAuditTrailJob, refreshCompanyRegisterJob, checkRegisterJob, markOverdueClientsJob] as const;

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

import type { Db } from "@/db/client";
import type { JobPayloads, JobType } from "../types";
import { sendEmailHandler } from "./send-email";
import { sendSignInLinkHandler } from "./send-sign-in-link";

export interface JobContext {
  db: Db;
  jobId: number;
  attempt: number;
}

export interface JobHandler<P> {
  run(payload: P, ctx: JobContext): Promise<void>;
  /** Called once when the job has failed for good. */
  onFailed?(payload: P, ctx: JobContext & { error: string }): Promise<void>;
}

export const handlers: { [T in JobType]: JobHandler<JobPayloads[T]> } = {
  "email.send": sendEmailHandler,
  "sign-in-link.send": sendSignInLinkHandler,
};

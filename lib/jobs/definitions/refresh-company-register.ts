import { defineScheduledJob } from "../define-job";

/**
 * Every night, the register data of each live client with a company number (status, type, when
 * the next confirmation statement is due) is refreshed from Companies House
 * (refreshClientRegister), oldest-checked first in effect: clients checked in the last 20 hours
 * are skipped, so a run cut short (by its time limit, or a budget spent for long) is finished by
 * the next. It asks as background work: a fifth of each window of the key's shared budget is left
 * to people, and it waits for room rather than fail (its pace: docs/speed.md).
 *
 * A refused API key fails the run (retried, then visible as a failed job); another failure of one
 * client is counted and that client left for the next run. Cached answers past their time are
 * deleted first (refresh-company-register.handler.ts).
 */
export const refreshCompanyRegisterJob = defineScheduledJob("companies-house.refresh-register", { retries: 2, delaySeconds: 600, expireInSeconds: 4 * 3600 }, () => import("./refresh-company-register.handler"));

import { defineScheduledJob } from "../define-job";

/**
 * Sessions whose link has run out while the director still waits for a result. Each is fetched
 * from Yoti: a result that arrived without a notification (lost, or the portal was down) is applied;
 * a session Yoti calls expired, or no longer has, or that stays unfinished well past its link's
 * expiry, makes the director IDVLinkExpired, and they are emailed to start again. The same effect
 * as the webhook's and the poll's, so a run racing either changes nothing twice. A Yoti failure is
 * audited (YotiError) and the session left for the next run (sweep-yoti-sessions.handler.ts).
 */
export const sweepYotiSessionsJob = defineScheduledJob("identity-check.sweep-expired-sessions", { retries: 2, delaySeconds: 60, expireInSeconds: 15 * 60 }, () => import("./sweep-yoti-sessions.handler"));

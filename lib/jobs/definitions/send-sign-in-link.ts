import { z } from "zod";
import { locales } from "@/lib/i18n/locales";
import { defineHandledJob } from "../handled-job";

/** Purpose under which a waiting sign-in token is sealed (lib/crypto/seal.ts). */
export const signInLinkPurpose = "sign-in-link";

/** An address the database already holds; its own schemas checked its form when it was stored. */
const recipient = z.string().trim().min(3).max(320);

/**
 * Names the link, never carries it. The token waits sealed on its own sign_in_tokens row and is
 * cleared there once sent or given up: pg-boss copies payloads (into retries and the failed-jobs
 * queue) and keeps finished jobs for days, so a secret in the payload would outlive the link.
 */
export const sendSignInLinkPayload = z.object({
  tokenId: z.uuid(),
  to: recipient,
  clientId: z.number().int().optional(),
  directorId: z.number().int().optional(),
  /** The language of the page that asked for the link (its `lang` cookie); English without one. */
  locale: z.enum(locales).optional(),
});
export type SendSignInLinkPayload = z.infer<typeof sendSignInLinkPayload>;

/** Few, quick retries: the link is useless once it expires (SIGN_IN_LINK_MINUTES). */
export const sendSignInLinkJob = defineHandledJob(
  "sign-in-link.send",
  sendSignInLinkPayload,
  {
    retry: { retries: 3, delaySeconds: 5, backoff: true, maxDelaySeconds: 120 },
    expireInSeconds: 2 * 60,
  },
  () => import("./send-sign-in-link.handler"),
);

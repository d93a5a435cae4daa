import "server-only";
import { BotCheckError, getCaptcha } from "@/lib/integrations/captcha";
import { UNKNOWN_ADDRESS } from "@/lib/client-address";
import { AppError } from "@/lib/server/app-error";
import { botCheckActions, type BotCheckAction } from "@/lib/bot-check/actions";
import { heldBackNote, logSampler } from "@/lib/log-sampler";
import { log } from "@/lib/log";

export { botCheckActions, type BotCheckAction };

/**
 * Anyone can make the server refuse a bot check as often as they like, so the refusal lines are
 * sampled: at most one a second (and one a second for failed assessments), each saying how many
 * were not written since the previous one. Exported for tests, which reset them.
 */
export const botCheckLogSampling = { refused: logSampler(1000), unassessed: logSampler(1000) };

/**
 * Refuses a request unless the bot check passes: the token (`captchaToken` of a JSON body) is
 * assessed for `action` with the caller's address and browser, and must be valid, made for that
 * action and score at least the configured threshold. Otherwise throws a `bad_request` AppError
 * whose message is 'Verification failed. Please try again.' Call it before anything is written, so
 * a refused request stores nothing.
 *
 * Routes call it through the route wrapper's `human` option (lib/route.ts), which runs it on the
 * token before the body is checked against its schema: a bot's request costs no validation, and a
 * refused one says nothing about which fields were wrong.
 *
 * When the assessment cannot be made at all (the provider is down, the API key is wrong) the
 * request is refused the same way, and the cause is logged for the operators: an outage of the bot
 * check must not open the forms to bots, and the caller can do nothing about it but try again.
 */
export async function assertHuman({ token, action, meta }: { token: string | undefined; action: BotCheckAction; meta: { ip?: string; userAgent?: string } }): Promise<void> {
  let ok = false;
  try {
    // Google takes an IP address or nothing: where the portal cannot know the caller's, it sends none.
    const verdict = await getCaptcha().assess({ token: token ?? "", expectedAction: action, userIpAddress: meta.ip === UNKNOWN_ADDRESS ? undefined : meta.ip, userAgent: meta.userAgent });
    ok = verdict.ok;
    if (!ok) {
      const sample = botCheckLogSampling.refused.take();
      if (sample.write) log.warn({ action }, `[bot check] ${action} refused: ${verdict.reason}${verdict.invalidReason ? ` (${verdict.invalidReason})` : ""}${verdict.score === undefined ? "" : ` score ${verdict.score}`}${heldBackNote(sample.heldBack)}`);
    }
  } catch (err) {
    if (!(err instanceof BotCheckError)) throw err;
    const sample = botCheckLogSampling.unassessed.take();
    if (sample.write) log.error({ action }, `[bot check] ${action}: the assessment could not be made (${err.code}): ${err.message}${heldBackNote(sample.heldBack)}`);
  }
  if (!ok) throw new AppError("bad_request", "verification_failed");
}

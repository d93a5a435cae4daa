/**
 * The bot check: the browser runs reCAPTCHA Enterprise with an action name and sends the token it
 * gets; the server asks Google for an assessment of that token and decides.
 */
export interface AssessInput {
  /** The token from grecaptcha.enterprise.execute (a JSON caller's `captchaToken`). */
  token: string;
  /** The action the page executed with, e.g. "request_verification"; a token made for another action fails. */
  expectedAction: string;
  userIpAddress?: string;
  userAgent?: string;
}

export type AssessReason =
  | "ok"
  /** No token was sent. */
  | "missing-token"
  /** Google says the token is not valid (see `invalidReason`: MALFORMED, EXPIRED, DUPE, …). */
  | "invalid-token"
  /** The token was made for another action. */
  | "action-mismatch"
  /** The score is under the configured threshold. */
  | "low-score";

export interface Assessment {
  ok: boolean;
  reason: AssessReason;
  /** 0.0 (bot) … 1.0 (human), when Google gave one. */
  score?: number;
  invalidReason?: string;
}

export interface BotCheck {
  /**
   * Resolves with the verdict. Rejects with BotCheckError only when the assessment could not be made
   * (service down, wrong API key or project): callers treat that as a failed check as well, and log it.
   */
  assess(input: AssessInput): Promise<Assessment>;
}

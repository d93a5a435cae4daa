import { z } from "zod";
import { BotCheckError } from "./errors";
import type { Assessment, BotCheck } from "./types";

export interface RecaptchaConfig {
  /** https://recaptchaenterprise.googleapis.com, or the simulator. */
  apiBase: string;
  projectId: string;
  apiKey: string;
  siteKey: string;
  /** Scores under this fail (Google: 0.0 likely a bot … 1.0 likely a human). */
  minScore: number;
  timeoutMs?: number;
}

const assessmentResponse = z.object({
  tokenProperties: z
    .object({ valid: z.boolean().optional(), invalidReason: z.string().optional(), action: z.string().optional() })
    .optional(),
  riskAnalysis: z.object({ score: z.number().optional(), reasons: z.array(z.string()).optional() }).optional(),
});

const googleError = z.object({ error: z.object({ code: z.number().optional(), message: z.string().optional(), status: z.string().optional() }) });

/**
 * reCAPTCHA Enterprise on its REST API: `projects.assessments.create` with an API key. Accepts a
 * token only if Google says it is valid, it was made for the expected action, and its score reaches
 * the threshold.
 */
export function createRecaptchaAdapter(config: RecaptchaConfig, fetchImpl: typeof fetch = fetch): BotCheck {
  const url = `${config.apiBase.replace(/\/+$/, "")}/v1/projects/${encodeURIComponent(config.projectId)}/assessments?key=${encodeURIComponent(config.apiKey)}`;
  return {
    async assess({ token, expectedAction, userIpAddress, userAgent }): Promise<Assessment> {
      if (!token?.trim()) return { ok: false, reason: "missing-token" };
      let res: Response;
      try {
        res = await fetchImpl(url, {
          method: "POST",
          headers: { "Content-Type": "application/json; charset=utf-8", Accept: "application/json" },
          body: JSON.stringify({ event: { token, siteKey: config.siteKey, expectedAction, userIpAddress, userAgent } }),
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        });
      } catch (err) {
        throw new BotCheckError(`reCAPTCHA assessment failed: ${err instanceof Error ? err.message : String(err)}`, { code: "NetworkError", retryable: true });
      }
      const body: unknown = await res.json().catch(() => undefined);
      if (!res.ok) {
        const e = googleError.safeParse(body);
        const status = e.success ? e.data.error.status : undefined;
        throw new BotCheckError(`reCAPTCHA assessment failed (${res.status} ${status ?? ""}): ${e.success ? e.data.error.message : "no error body"}`.trim(), {
          status: res.status,
          code: status ?? `HTTP${res.status}`,
          retryable: res.status === 429 || res.status >= 500,
        });
      }
      const parsed = assessmentResponse.safeParse(body);
      if (!parsed.success) throw new BotCheckError("reCAPTCHA assessment: unexpected response", { status: res.status, code: "BadResponse", retryable: false });
      const { tokenProperties, riskAnalysis } = parsed.data;
      const score = riskAnalysis?.score;
      if (!tokenProperties?.valid) return { ok: false, reason: "invalid-token", invalidReason: tokenProperties?.invalidReason ?? "UNKNOWN_INVALID_REASON" };
      if (tokenProperties.action !== expectedAction) return { ok: false, reason: "action-mismatch", score };
      if (score === undefined || score < config.minScore) return { ok: false, reason: "low-score", score };
      return { ok: true, reason: "ok", score };
    },
  };
}

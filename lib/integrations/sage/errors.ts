import { ServiceError } from "../service-error";
import type { SageErrorItem } from "./types";

/**
 * A failed call to Sage. `retryable` says whether trying again later can succeed: rate limits (429),
 * Sage's own failures (5xx), time-outs and network errors, and an access token Sage refused (401, a
 * new one is fetched next time) can; a refused record (RecordInvalid) or a dead refresh token
 * (invalid_grant: someone must authorise the connection again) cannot.
 */
export class SageError extends ServiceError<{ status?: number; code: string; retryable: boolean; errors?: SageErrorItem[] }> {
  constructor(message: string, options: { status?: number; code: string; retryable: boolean; errors?: SageErrorItem[] }) {
    super(message, options);
    this.name = "SageError";
  }
  get errors(): SageErrorItem[] {
    return this.options.errors ?? [];
  }
}

export function isRetryableStatus(status: number): boolean {
  return status === 401 || status === 408 || status === 429 || status >= 500;
}

/** Reads Sage's error array (or anything else) from a failed response body. */
export function parseSageErrors(body: unknown): SageErrorItem[] {
  if (!Array.isArray(body)) return [];
  return body
    .filter((e): e is Record<string, unknown> => typeof e === "object" && e !== null)
    .map((e) => ({
      severity: String(e.$severity ?? "error"),
      dataCode: String(e.$dataCode ?? "UnexpectedError"),
      message: String(e.$message ?? ""),
      source: String(e.$source ?? ""),
    }));
}

export function sageErrorFromResponse(status: number, body: unknown, what: string): SageError {
  const errors = parseSageErrors(body);
  const code = errors[0]?.dataCode ?? `HTTP${status}`;
  const detail = errors.map((e) => (e.source ? `${e.source}: ${e.message}` : e.message)).join("; ");
  return new SageError(`Sage ${what} failed (${status} ${code})${detail ? `: ${detail}` : ""}`, { status, code, retryable: isRetryableStatus(status), errors });
}

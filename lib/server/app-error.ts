/** Typed errors that server functions throw and route handlers map to a status and message key. */
export type AppErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "rate_limited"
  | "unavailable";

export const statusOf: Record<AppErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

export class AppError extends Error {
  constructor(
    public readonly code: AppErrorCode,
    /** A key under `apiErrors` in messages; never raw error text. */
    public readonly messageKey: string = code,
    public readonly details?: Record<string, unknown>,
  ) {
    super(messageKey);
    this.name = "AppError";
  }
}

/** Errors that mean the database cannot be reached or is saturated: answer 503, not 500. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | undefined;
  if (!e) return false;
  if (e.code && ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "57P01", "57P03", "53300", "08006", "08001", "08003", "57014"].includes(e.code)) return true;
  return /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED/i.test(e.message ?? "");
}

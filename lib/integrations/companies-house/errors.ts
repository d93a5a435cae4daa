export type CompaniesHouseErrorCode = "unauthorized" | "rate_limited" | "unavailable" | "bad_response" | "bad_request";

/**
 * A call to Companies House that could not be answered (a company the register does not have is not
 * an error: the client answers null). `retryable` says whether trying again later can succeed:
 * rate limits and Companies House's own failures can; a refused key or request cannot.
 */
export class CompaniesHouseError extends Error {
  constructor(
    message: string,
    readonly code: CompaniesHouseErrorCode,
    readonly status?: number,
  ) {
    super(message);
    this.name = "CompaniesHouseError";
  }

  get retryable(): boolean {
    return this.code === "rate_limited" || this.code === "unavailable";
  }
}

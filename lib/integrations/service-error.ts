/**
 * A failed call to an outside service, with what callers decide on: the HTTP status when the service
 * answered, the service's (or our) code for the failure, and whether trying again later can succeed.
 * Each adapter's error extends it with its own name and details (captcha/errors.ts, sage/errors.ts).
 */
export class ServiceError<O extends { status?: number; code: string; retryable: boolean }> extends Error {
  constructor(
    message: string,
    readonly options: O,
  ) {
    super(message);
  }
  get status() {
    return this.options.status;
  }
  get code() {
    return this.options.code;
  }
  get retryable() {
    return this.options.retryable;
  }
}

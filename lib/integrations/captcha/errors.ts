/** The assessment could not be made: Google's error (`{ error: { code, message, status } }`) or the network. */
export class BotCheckError extends Error {
  constructor(
    message: string,
    readonly options: { status?: number; code: string; retryable: boolean },
  ) {
    super(message);
    this.name = "BotCheckError";
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

import { ServiceError } from "../service-error";

/** The assessment could not be made: Google's error (`{ error: { code, message, status } }`) or the network. */
export class BotCheckError extends ServiceError<{ status?: number; code: string; retryable: boolean }> {
  constructor(message: string, options: { status?: number; code: string; retryable: boolean }) {
    super(message, options);
    this.name = "BotCheckError";
  }
}

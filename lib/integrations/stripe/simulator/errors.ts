// Stripe's error answers: an HTTP status and `{ error: { type, code?, message, param?, doc_url? } }`.
// The official SDK turns these into its typed errors (StripeInvalidRequestError for 400/404,
// StripeAuthenticationError for 401, StripeIdempotencyError for type `idempotency_error`), so the
// simulator must produce the same shapes for the portal's error handling to be exercised.

export interface StripeErrorBody {
  type: "invalid_request_error" | "idempotency_error" | "api_error";
  message: string;
  code?: string;
  param?: string;
  doc_url?: string;
}

export class StripeApiError extends Error {
  constructor(public readonly status: number, public readonly body: StripeErrorBody) {
    super(body.message);
    this.name = "StripeApiError";
  }

  toJSON() {
    return { error: this.body };
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`;

export const parameterMissing = (param: string) =>
  new StripeApiError(400, { type: "invalid_request_error", code: "parameter_missing", param, message: `Missing required param: ${param}.`, doc_url: docUrl("parameter_missing") });

export const parameterInvalid = (param: string, message: string, code = "parameter_invalid_string") =>
  new StripeApiError(400, { type: "invalid_request_error", code, param, message, doc_url: docUrl(code) });

export const parameterUnknown = (param: string) =>
  new StripeApiError(400, { type: "invalid_request_error", code: "parameter_unknown", param, message: `Received unknown parameter: ${param}`, doc_url: docUrl("parameter_unknown") });

export const resourceMissing = (objectName: string, id: string, param: string) =>
  new StripeApiError(404, { type: "invalid_request_error", code: "resource_missing", param, message: `No such ${objectName}: '${id}'`, doc_url: docUrl("resource_missing") });

export const invalidRequest = (message: string) => new StripeApiError(400, { type: "invalid_request_error", message });

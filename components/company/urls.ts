/** The addresses of the contact's own API, for the company page's server and client parts alike. */
export const COMPANY_URL = "/api/director-verification/company";
export const DIRECTORS_URL = "/api/director-verification/directors";
export const EXPORT_URL = "/api/director-verification/company/directors-export";
export const additionPaymentUrl = (id: number) => `/api/director-verification/company/additions/${id}/payment`;
export const resendInvitationUrl = (directorId: number) => `/api/director-verification/directors/${directorId}/resend-invitation`;
export const REQUEST_PAYMENT_URL = "/api/director-verification/company/payment";

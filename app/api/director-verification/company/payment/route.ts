import { route } from "@/lib/route";
import { payOwnRequest } from "@/lib/server/payments/pay-own-request";

/**
 * The company contact's "Pay now" for their request by card → `{ url }` of Stripe's page (a new
 * Checkout Session; an older open one is expired). Nothing due: 409; Stripe failing: 503.
 */
export const POST = route({ auth: "user", action: "company.update" }, ({ db, user }) => payOwnRequest({ db, user }));

import { payForOwnAddition } from "@/lib/server/additions/pay-for-own-addition";
import { route } from "@/lib/route";

/** Opens (or reopens) the card payment of individuals the contact added → `{ url }` of Stripe's page. */
export const POST = route({ auth: "user", action: "company.update", params: { id: "int" } }, ({ db, user, params }) => payForOwnAddition({ db, user, additionId: params.id }));

import "server-only";
import type { Db } from "@/db";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";
import { startAdditionPayment } from "@/lib/server/payments/start-addition-payment";
import { ownClientId } from "@/lib/server/own-record";

/**
 * The contact's "pay now" for individuals added earlier whose card payment was not finished: the
 * batch must be their own company's (else 404). Answers Stripe's page, or a 503 when Stripe cannot
 * be reached (the individuals stay added, and the button can be pressed again).
 */
export async function payForOwnAddition({ db, user, additionId }: { db: Db; user: Principal; additionId: number }): Promise<{ url: string }> {
  const { url } = await startAdditionPayment({ db, clientId: ownClientId(user, "company.update"), additionId });
  if (!url) throw new AppError("unavailable");
  return { url };
}

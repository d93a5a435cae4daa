import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { clients } from "@/db/schema";

/**
 * A request by card already filed for the same company and main contact and still waiting for its
 * payment (`PaymentPending`, not paid), or null: the company name compared trimmed and without
 * regard to case, the main contact's email without regard to case (its index is on lower(email)).
 * The oldest such client, when there are several from before this check existed.
 */
export async function findPendingCardRequest(db: DbOrTx, { companyName, mainContactEmail }: { companyName: string; mainContactEmail: string }) {
  const [client] = await db
    .select({ id: clients.id, paymentSessionSecret: clients.paymentSessionSecret })
    .from(clients)
    .where(
      and(
        sql`lower(${clients.mainContactEmail}) = lower(${mainContactEmail.trim()})`,
        sql`lower(btrim(${clients.name})) = lower(${companyName.trim()})`,
        eq(clients.journey, "PayByCard"),
        eq(clients.status, "PaymentPending"),
        eq(clients.paid, false),
        eq(clients.isDeleted, false),
      ),
    )
    .orderBy(clients.id)
    .limit(1);
  return client ?? null;
}

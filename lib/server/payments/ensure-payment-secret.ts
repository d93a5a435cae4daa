import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { clients, type Client } from "@/db/schema";

/**
 * Gives a card-paying client its payment credential (`paymentSessionSecret`, 32 random bytes) once;
 * later calls keep the first, so every link made with it stays valid for the client's whole payment.
 */
export async function ensurePaymentSecret(db: DbOrTx, client: Pick<Client, "id" | "paymentSessionSecret">): Promise<string> {
  if (client.paymentSessionSecret) return client.paymentSessionSecret;
  const [row] = await db
    .update(clients)
    .set({ paymentSessionSecret: randomBytes(32).toString("base64url") })
    .where(and(eq(clients.id, client.id), isNull(clients.paymentSessionSecret)))
    .returning({ secret: clients.paymentSessionSecret });
  if (row?.secret) return row.secret;
  const [again] = await db.select({ secret: clients.paymentSessionSecret }).from(clients).where(eq(clients.id, client.id));
  return again!.secret!;
}

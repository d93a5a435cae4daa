import "server-only";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/db";
import { clients, type Client } from "@/db/schema";
import type { CheckoutSession } from "@/lib/integrations/stripe";

/**
 * The client a Checkout Session was opened for, locked for update. Matched by the reference the
 * portal gave Stripe (`client_reference_id`), not by the stored session id: an event may arrive
 * before the session id is stored, or be about an earlier attempt. When the metadata names a
 * client id it must agree. The lock orders every writer of the client's payment state (the
 * webhook, the payment page and a retry), so a payment takes effect once.
 */
export async function findCheckoutClient(tx: Tx, session: CheckoutSession): Promise<Client | null> {
  if (!session.clientReference) return null;
  const [client] = await tx
    .select()
    .from(clients)
    .where(and(eq(clients.reference, session.clientReference), eq(clients.journey, "PayByCard")))
    .for("update");
  if (!client) return null;
  const id = session.metadata.clientId;
  if (id !== undefined && id !== String(client.id)) return null;
  return client;
}

import "server-only";
import { timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { clients, type Client } from "@/db/schema";
import { splitPaymentToken } from "@/lib/schemas/card-payment";

function sameSecret(given: string, expected: string | null): boolean {
  if (!expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The card-paying client a payment token (`<id>.<secret>`, see paymentToken) names, or null when
 * the token is malformed, names no such client, or its credential does not match: the callers
 * answer every one of these alike (404), so nothing tells which part was wrong.
 */
export async function findTokenClient(db: DbOrTx, token: string): Promise<Client | null> {
  const parts = splitPaymentToken(token);
  if (!parts) return null;
  const [client] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, parts.clientId), eq(clients.journey, "PayByCard"), eq(clients.isDeleted, false)));
  return client && sameSecret(parts.secret, client.paymentSessionSecret) ? client : null;
}

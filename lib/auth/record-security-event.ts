import type { DbOrTx } from "@/db";
import { securityEvents, type SecurityEvent } from "@/db/schema";
import type { UserType } from "./home-path";

export interface SecurityEventInput {
  event: SecurityEvent;
  actor: string;
  userType?: UserType;
  ip?: string;
  userAgent?: string;
  detail?: Record<string, unknown>;
}

/** Masks a reference for logs: only its last two characters, never the whole of it. */
export function maskReference(reference: string): string {
  return reference.length <= 2 ? "**" : `${"*".repeat(reference.length - 2)}${reference.slice(-2)}`;
}

/** Appends a security event (sign-in, sign-out, denial). Never pass a token or a full reference. */
export async function recordSecurityEvent(db: DbOrTx, input: SecurityEventInput): Promise<void> {
  await db.insert(securityEvents).values({ ...input, actor: input.actor.slice(0, 320) });
}

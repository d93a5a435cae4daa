import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { sessions } from "@/db/schema";
import { hashToken } from "./tokens";

/** Ends a session on the server: the cookie stops working at once, wherever it is. */
export async function endSession(db: DbOrTx, cookieValue: string, now = new Date()): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, hashToken(cookieValue)), isNull(sessions.revokedAt)))
    .returning({ email: sessions.email });
  return ended.length > 0;
}

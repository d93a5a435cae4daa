import "server-only";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { directors, sessions } from "@/db/schema";
import { hashToken } from "@/lib/auth/tokens";
import type { RequestMeta } from "@/lib/http";
import { sendJob } from "@/lib/jobs/send-job";
import { auditFieldChanges } from "@/lib/server/clients/audit-field-changes";
import { invitationJobKey } from "@/lib/server/requests/release-invitations";

/** How long an individual has to confirm a change of their email. */
export const EMAIL_CHANGE_DAYS = 7;

export type EmailChangeResult = "changed" | "expired" | "taken";

/**
 * The individual confirms, from the link sent to their current address, the change of email their
 * company contact asked for. Public: the token (256 bits, stored hashed) is the authority. In one
 * transaction: the email becomes the new one (still unique among the company's live individuals),
 * the pending change is cleared, their sessions end, the change is audited with both addresses and
 * their invitation goes to the new address. An unknown, used or expired token changes nothing.
 */
export async function confirmEmailChange({ db, token, meta, now = new Date() }: { db: Db; token: string; meta?: RequestMeta; now?: Date }): Promise<EmailChangeResult> {
  return db.transaction(async (tx) => {
    const [d] = await tx
      .select()
      .from(directors)
      .where(and(eq(directors.pendingEmailTokenHash, hashToken(token)), eq(directors.isDeleted, false)))
      .for("update");
    if (!d || !d.pendingEmail || !d.pendingEmailRequestedAt) return "expired";
    if (now.getTime() - d.pendingEmailRequestedAt.getTime() > EMAIL_CHANGE_DAYS * 86_400_000) return "expired";
    const [taken] = await tx
      .select({ id: directors.id })
      .from(directors)
      .where(and(eq(directors.clientId, d.clientId), ne(directors.id, d.id), eq(directors.isDeleted, false), eq(sql`lower(${directors.email})`, d.pendingEmail.toLowerCase())))
      .limit(1);
    if (taken) return "taken";

    const actor = d.email;
    await tx
      .update(directors)
      .set({ email: d.pendingEmail, pendingEmail: null, pendingEmailTokenHash: null, pendingEmailRequestedAt: null, updatedAt: now, updatedBy: actor })
      .where(eq(directors.id, d.id));
    await auditFieldChanges(tx, {
      clientId: d.clientId,
      directorId: d.id,
      actor,
      at: now,
      changes: [{ field: "email", from: d.email, to: d.pendingEmail, extra: { confirmedBy: "individual at the previous address" } }],
      meta,
    });
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.directorId, d.id), isNull(sessions.revokedAt)));
    if (d.invitedAt) await sendJob(tx, "invitation.send", { directorId: d.id }, { key: `${invitationJobKey(d.id)}:email-${now.getTime()}` });
    return "changed";
  });
}

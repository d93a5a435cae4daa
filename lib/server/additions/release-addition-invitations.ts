import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { directors } from "@/db/schema";
import { sendJobs } from "@/lib/jobs/send-jobs";
import { invitationJobKey } from "@/lib/server/requests/release-invitations";

/**
 * Invites (marks invited, and emails) the individuals of a batch added by a contact (those still live), each under the
 * individual's own invitation key, so a batch released twice (a payment page and its webhook)
 * invites each person once.
 */
export async function releaseAdditionInvitations(tx: DbOrTx, directorIds: readonly number[]): Promise<number> {
  if (!directorIds.length) return 0;
  const rows = await tx
    .update(directors)
    .set({ invitedAt: sql`coalesce(${directors.invitedAt}, now())` })
    .where(and(inArray(directors.id, [...directorIds]), eq(directors.isDeleted, false)))
    .returning({ id: directors.id });
  await sendJobs(
    tx,
    "invitation.send",
    rows.map((d) => ({ payload: { directorId: d.id }, key: invitationJobKey(d.id) })),
  );
  return rows.length;
}

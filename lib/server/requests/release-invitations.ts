import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { clients, directors } from "@/db/schema";
import { sendJobs } from "@/lib/jobs/send-jobs";

/** The key of an individual's invitation job: one invitation per individual, however often released. */
export function invitationJobKey(directorId: number): string {
  return `invitation:${directorId}`;
}

/**
 * Lets a request's invitations go: marks each of the client's live individuals invited and enqueues
 * their invitation email, and the client's invitations no longer held. Called in the transaction that
 * makes the request able to proceed: its submission (invoice and existing customers, unless held for
 * staff), staff moving it to Onboarding (held ones), or the confirmation of its card payment. Safe to call again:
 * each invitation's job key is the individual's, so nobody is invited twice (a page and a webhook
 * confirming the same payment both call it).
 */
export async function releaseInvitations(tx: DbOrTx, { clientId }: { clientId: number }): Promise<number> {
  // Invited from now: they may sign in, start their check and enter their code (the status machine's guard).
  // One statement for all of them: the directors' statement triggers compare its old and new rows
  // as sets (migration 0042), at a cost that grows with the rows, not with their square.
  const live = and(eq(directors.clientId, clientId), eq(directors.isDeleted, false));
  const rows = await tx
    .update(directors)
    .set({ invitedAt: sql`coalesce(${directors.invitedAt}, now())` })
    .where(live)
    .returning({ id: directors.id });
  rows.sort((a, b) => a.id - b.id);
  await tx.update(clients).set({ invitationsHeld: false }).where(and(eq(clients.id, clientId), eq(clients.invitationsHeld, true)));
  await sendJobs(
    tx,
    "invitation.send",
    rows.map((d) => ({ payload: { directorId: d.id }, key: invitationJobKey(d.id) })),
  );
  return rows.length;
}

import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Tx } from "@/db";
import { auditEntries, clients, directorAdditions, directors, sessions, type NewAuditEntry } from "@/db/schema";
import { actorOf, type Principal } from "@/lib/auth/principal";
import type { RequestMeta } from "@/lib/http";
import { issuesToFieldErrors } from "@/lib/json-patch";
import { sendJob } from "@/lib/jobs/send-job";
import { generateReference } from "@/lib/references";
import { hashToken, randomToken } from "@/lib/auth/tokens";
import { emailChangeConfirmEmail, emailChangeConfirmUrl } from "./director-emails";
import { parseDirectorsPatch } from "@/lib/schemas/company-directors-patch";
import { recordAddition } from "@/lib/server/additions/record-addition";
import { auditedBy, writeAudit } from "@/lib/server/audit/write-audit";
import { AppError } from "@/lib/server/app-error";
import { auditFieldChanges } from "@/lib/server/clients/audit-field-changes";
import { getOwnCompany, type OwnCompany } from "@/lib/server/clients/get-own-company";
import { recomputeFullPrice } from "@/lib/server/clients/recompute-full-price";
import { refreshClientStatus } from "@/lib/server/lifecycle/refresh-client-status";
import { startAdditionPayment } from "@/lib/server/payments/start-addition-payment";
import { invitationJobKey } from "@/lib/server/requests/release-invitations";
import { softDeleteAudit, softDeleteValues } from "@/lib/server/staff-record";
import { ownClientId } from "@/lib/server/own-record";

/** The company after the change, and, when added individuals must first be paid for by card, where to pay. */
export type PatchOwnDirectorsResult = OwnCompany & { checkoutUrl?: string | null };

const BATCH = 1000;

/** `count` references used by no client or director yet. */
async function freshReferences(tx: Tx, count: number): Promise<string[]> {
  const chosen = new Set<string>();
  while (chosen.size < count) {
    const list = Array.from({ length: count - chosen.size }, () => generateReference()).filter((r) => !chosen.has(r));
    const taken = new Set<string>();
    for (let i = 0; i < list.length; i += BATCH) {
      const slice = list.slice(i, i + BATCH);
      for (const r of await tx.select({ r: clients.reference }).from(clients).where(inArray(clients.reference, slice))) taken.add(r.r);
      for (const r of await tx.select({ r: directors.reference }).from(directors).where(inArray(directors.reference, slice))) taken.add(r.r);
    }
    for (const r of list) if (!taken.has(r)) chosen.add(r);
  }
  return [...chosen];
}

/** Whether the individual has ever had a session: signed in at least once. */
async function hasSignedIn(tx: Tx, directorId: number): Promise<boolean> {
  const [row] = await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.directorId, directorId)).limit(1);
  return Boolean(row);
}

/** Records a contact's change of a signed-in individual's email as pending, and asks the individual at their current address. */
async function requestEmailChange(
  tx: Tx,
  { director, newEmail, company, actor, at, meta }: { director: { id: number; name: string; email: string; locale: string | null }; newEmail: string; company: { name: string; locale: string | null }; actor: string; at: Date; meta?: RequestMeta },
) {
  const [row] = await tx.select({ clientId: directors.clientId }).from(directors).where(eq(directors.id, director.id));
  const token = randomToken();
  await tx
    .update(directors)
    .set({ pendingEmail: newEmail, pendingEmailTokenHash: hashToken(token), pendingEmailRequestedAt: at, updatedAt: at, updatedBy: actor })
    .where(eq(directors.id, director.id));
  await writeAudit(tx, {
    action: "Email change requested: waiting for the individual's confirmation",
    auditType: "DirectorModified",
    entityType: "Director",
    entityId: String(director.id),
    clientId: row!.clientId,
    directorId: director.id,
    ...auditedBy(actor, meta),
    oldValue: { email: director.email },
    newValue: { pendingEmail: newEmail },
  });
  const email = emailChangeConfirmEmail(director, company, newEmail, emailChangeConfirmUrl(token));
  await sendJob(
    tx,
    "email.send",
    { ...email, to: director.email, about: { entityType: "Director", entityId: String(director.id), clientId: row!.clientId, directorId: director.id, purpose: "email change confirmation" } },
    { key: `email-change:${director.id}:${at.getTime()}` },
  );
}

/**
 * A company contact's changes to their company's individuals (PATCH /api/director-verification/directors,
 * document format in lib/schemas/company-directors-patch.ts): add, rename, correct an email, remove
 * with a reason. All of it in one transaction with the client row locked, or nothing:
 *
 * - Any id that is not a live individual of the caller's own company is a 404, and nothing changes
 *   (another company's ids are indistinguishable from ids that do not exist).
 * - A `OneOff` client verifies one individual: a patch that would leave more than one is refused.
 *   A card-paying client adds individuals only once its request is paid.
 * - Emails stay unique (case-insensitively) among the company's live individuals.
 * - Each changed field is audited (`DirectorModified`), each removal (`DirectorDeleted`), each new
 *   individual (`DirectorCreated`).
 * - A changed email ends that individual's sessions and sends the invitation again, to the new
 *   address (unless their invitation has not gone yet: it will be written for the new address).
 *   Once the individual has signed in, the change waits for their confirmation at the current
 *   address instead (requestEmailChange; confirmEmailChange applies it), and they are told of it.
 * - New individuals are priced and billed as one batch (recordAddition): invited now (invoice and
 *   existing customers), or once their card payment is confirmed; for card, the Checkout Session
 *   is opened after the transaction commits and its address answered as `checkoutUrl`.
 */
export async function patchOwnDirectors({ db, user, operations, meta }: { db: Db; user: Principal; operations: unknown; meta?: RequestMeta }): Promise<PatchOwnDirectorsResult> {
  const clientId = ownClientId(user, "company.update");
  const parsed = parseDirectorsPatch(operations);
  if (!parsed.ok) throw new AppError("bad_request", "validation", { fields: issuesToFieldErrors(parsed.issues) });
  const { adds, edits } = parsed.patch;
  const actor = actorOf(user);

  const addition = await db.transaction(async (tx) => {
    const [client] = await tx.select().from(clients).where(eq(clients.id, clientId)).for("update");
    if (!client || client.isDeleted) throw new AppError("not_found");
    const live = await tx
      .select({ id: directors.id, name: directors.name, email: directors.email, locale: directors.locale })
      .from(directors)
      .where(and(eq(directors.clientId, clientId), eq(directors.isDeleted, false)));
    const byId = new Map(live.map((d) => [d.id, d]));
    if ([...edits.keys()].some((id) => !byId.has(id))) throw new AppError("not_found");

    const removed = new Set([...edits].filter(([, e]) => e.isDeleted).map(([id]) => id));
    const fields: Record<string, string[]> = {};
    if (adds.length) {
      if (client.productTier === "OneOff" && live.length - removed.size + adds.length > 1) fields.add = ["oneOffSingle"];
      else if (client.journey === "PayByCard" && !client.paid) fields.add = ["payFirst"];
    }
    // Emails after the patch, each once among the individuals who stay.
    const seen = new Map<string, string>();
    const claim = (email: string, key: string) => {
      const lower = email.toLowerCase();
      if (seen.has(lower)) (fields[key] ??= []).push("duplicateEmail");
      else seen.set(lower, key);
    };
    for (const d of live) if (!removed.has(d.id) && edits.get(d.id)?.email === undefined) claim(d.email, `directors.${d.id}.email`);
    for (const [id, e] of edits) if (!removed.has(id) && e.email !== undefined) claim(e.email, `directors.${id}.email`);
    adds.forEach((a, i) => claim(a.email, `add.${i}.email`));
    if (Object.keys(fields).length) throw new AppError("bad_request", "validation", { fields });

    const at = new Date();
    // Individuals whose invitation has not been released: card requests not paid, batches not paid.
    const unpaid = await tx
      .select({ directorIds: directorAdditions.directorIds })
      .from(directorAdditions)
      .where(and(eq(directorAdditions.clientId, clientId), eq(directorAdditions.journey, "PayByCard"), isNull(directorAdditions.paidAt)));
    const notInvitedYet = new Set(unpaid.flatMap((u) => u.directorIds));
    const invitationsOut = (id: number) => !(client.journey === "PayByCard" && !client.paid) && !notInvitedYet.has(id);

    let changedCount = 0;
    for (const [id, edit] of edits) {
      const current = byId.get(id)!;
      if (edit.isDeleted) {
        await tx.update(directors).set(softDeleteValues(edit.deleteReason!, actor, at)).where(eq(directors.id, id));
        await writeAudit(tx, softDeleteAudit({ type: "Director", id, name: current.name, clientId, directorId: id }, edit.deleteReason!, actor, at, meta));
        await tx.update(sessions).set({ revokedAt: at }).where(and(eq(sessions.directorId, id), isNull(sessions.revokedAt)));
        changedCount++;
        continue;
      }
      let changes = (["name", "email"] as const).filter((f) => edit[f] !== undefined && edit[f] !== current[f]);
      const newAddress = changes.includes("email") && edit.email!.toLowerCase() !== current.email.toLowerCase();
      if (newAddress && (await hasSignedIn(tx, id))) {
        // Once the individual has signed in, their address changes only when they confirm it at the
        // current one: a contact cannot route the individual's sign-in to a mailbox of their own.
        await requestEmailChange(tx, { director: current, newEmail: edit.email!, company: client, actor, at, meta });
        changes = changes.filter((f) => f !== "email");
        changedCount++;
      }
      if (!changes.length) continue;
      const set: Partial<typeof directors.$inferInsert> = { updatedAt: at, updatedBy: actor };
      for (const f of changes) set[f] = edit[f];
      await tx.update(directors).set(set).where(eq(directors.id, id));
      await auditFieldChanges(tx, {
        clientId,
        directorId: id,
        actor,
        at,
        changes: changes.map((f) => ({ field: f, from: current[f], to: edit[f] })),
        meta,
      });
      if (changes.includes("email") && newAddress) {
        await tx.update(sessions).set({ revokedAt: at }).where(and(eq(sessions.directorId, id), isNull(sessions.revokedAt)));
        if (invitationsOut(id)) await sendJob(tx, "invitation.send", { directorId: id }, { key: `${invitationJobKey(id)}:email-${at.getTime()}` });
      }
      changedCount++;
    }

    let created: { id: number }[] = [];
    if (adds.length) {
      const references = await freshReferences(tx, adds.length);
      for (let i = 0; i < adds.length; i += BATCH) {
        const rows = adds.slice(i, i + BATCH).map((a, j) => ({ clientId, name: a.name, email: a.email, reference: references[i + j]!, createdBy: actor, updatedBy: actor }));
        created.push(...(await tx.insert(directors).values(rows).returning({ id: directors.id })));
      }
      const audits: NewAuditEntry[] = created.map((d, i) => ({
        action: `Director ${adds[i]!.name} added`,
        auditType: "DirectorCreated",
        entityType: "Director",
        entityId: String(d.id),
        clientId,
        directorId: d.id,
        ...auditedBy(actor, meta),
        newValue: { name: adds[i]!.name, email: adds[i]!.email },
      }));
      for (let i = 0; i < audits.length; i += BATCH) await tx.insert(auditEntries).values(audits.slice(i, i + BATCH));
    } else created = [];

    if (changedCount || created.length) await tx.update(clients).set({ updatedAt: at, updatedBy: actor }).where(eq(clients.id, clientId));
    const batch = created.length ? await recordAddition(tx, { client, directorIds: created.map((d) => d.id), actor, meta }) : null;
    if (removed.size || created.length) {
      await recomputeFullPrice(tx, { clientId, actor, at, meta });
      // The client's status follows its live individuals: a new one reopens a Completed client, and
      // removing the last open one completes it.
      await refreshClientStatus(tx, { clientId, actor, at, meta });
    }
    return batch;
  });

  let checkoutUrl: string | null | undefined;
  if (addition?.journey === "PayByCard") checkoutUrl = (await startAdditionPayment({ db, clientId, additionId: addition.id })).url;
  const company = await getOwnCompany({ db, user });
  return checkoutUrl === undefined ? company : { ...company, checkoutUrl };
}

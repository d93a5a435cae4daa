import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "@/db";
import { clients, directors, personLinks, type Director } from "@/db/schema";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { normalisePersonalCode } from "@/lib/crypto/personal-code";
import type { DirectorStatus } from "@/lib/domain/values";
import type { RequestMeta } from "@/lib/http";
import { translator } from "@/lib/i18n/translator";
import { AppError } from "@/lib/server/app-error";
import { auditedBy, onDirector, writeAudit } from "@/lib/server/audit/write-audit";
import { auditFieldChanges } from "@/lib/server/clients/audit-field-changes";
import { recomputeFullPrice } from "@/lib/server/clients/recompute-full-price";
import { lockOwnDirector } from "@/lib/server/directors/lock-director";
import { patchOwnDirector } from "@/lib/server/directors/patch-own-director";
import { readPersonalCode } from "@/lib/server/directors/personal-code-keys";
import { applyDirectorEvent, planDirectorEvent } from "@/lib/server/lifecycle/apply-director-event";
import { notifyAdmins } from "@/lib/server/notifications/notify-admins";
import { hitRateLimit } from "@/lib/server/rate-limit/hit-rate-limit";
import { ownDirectorId } from "@/lib/server/own-record";
import { findPriorVerification } from "./person-prior-verification";
import { enqueueRegisterCheck } from "./register-check-enqueue";

/** Codes an individual may try against their earlier verification in a day. */
export const PRIOR_CODE_ATTEMPTS_PER_DAY = 10;

/**
 * An individual already verified here for another company confirms it is them and re-enters the
 * personal code of that verification, instead of a second identity check (issue 20 item 5):
 *
 * 1. The code must be the one the earlier record holds (compared decrypted; at most
 *    PRIOR_CODE_ATTEMPTS_PER_DAY tries a day, else 429). A wrong code: 400 on `companiesHouseCode`
 *    (`priorCodeMismatch`), audited as a DirectorError; nothing else changes.
 * 2. In one transaction with their row locked, the status machine's `priorVerificationConfirmed`
 *    (AwaitingIDInfo or IDVLinkExpired, invited, and `verifiedElsewhere`; else 409
 *    `priorVerificationNotOffered`) takes them to AwaitingAuthCode; the link between the two records
 *    is kept (person_links) and audited on both records with both ids; their register check is
 *    sent (compared with the earlier record's document).
 * 3. No second charge: while staff have set no price for them (no price override) and their client
 *    has been neither paid nor invoiced, their price becomes 0 (a price override with its reason,
 *    audited; the client's full price follows). Once the client has paid or been invoiced, the
 *    admins are told instead, to credit it if agreed.
 * 4. Then the code is entered as at the personal code step (patchOwnDirector): Complete, emailed,
 *    admins told.
 * Answers their status.
 */
export async function confirmPriorVerification({
  db,
  user,
  companiesHouseCode,
  meta,
  now = new Date(),
}: {
  db: Db;
  user: Principal;
  companiesHouseCode: string;
  meta?: RequestMeta;
  now?: Date;
}): Promise<{ status: DirectorStatus }> {
  const directorId = ownDirectorId(user, "director.self.update");
  const actor = actorOf(user);
  const code = normalisePersonalCode(companiesHouseCode);
  if (!code) throw new AppError("bad_request", "validation", { fields: { companiesHouseCode: ["personalCode"] } });

  const limit = await hitRateLimit(db, `prior-code:${directorId}`, PRIOR_CODE_ATTEMPTS_PER_DAY, 24 * 3600, now);
  if (!limit.allowed) throw new AppError("rate_limited", "rate_limited", { retryAfterSeconds: limit.retryAfterSeconds });

  const [director] = await db
    .select()
    .from(directors)
    .where(and(eq(directors.id, directorId), eq(directors.isDeleted, false)));
  if (!director) throw new AppError("not_found");
  const offered = await findPriorVerification(db, director);
  if (!offered) throw new AppError("conflict", "priorVerificationNotOffered");
  if (readPersonalCode(offered.director) !== code) {
    await writeAudit(db, {
      ...onDirector(director),
      ...auditedBy(actor, meta, now),
      action: "Personal code did not match the earlier verification",
      auditType: "DirectorError",
      newValue: { linkedDirectorId: offered.director.id, attempt: limit.count },
    });
    throw new AppError("bad_request", "validation", { fields: { companiesHouseCode: ["priorCodeMismatch"] } });
  }

  await db.transaction(async (tx) => {
    const locked = await lockOwnDirector(tx, directorId);
    const planned = await planDirectorEvent(tx, { director: locked, event: { type: "priorVerificationConfirmed" }, at: now, refusalKey: "priorVerificationNotOffered" });
    // The guard held: the earlier verification is there (the same one, or one found since).
    const prior = (await findPriorVerification(tx, locked))!;
    if (readPersonalCode(prior.director) !== code) throw new AppError("bad_request", "validation", { fields: { companiesHouseCode: ["priorCodeMismatch"] } });

    await applyDirectorEvent(tx, { director: locked, event: { type: "priorVerificationConfirmed" }, actor, at: now, meta, planned });
    // One link per record: confirming again (after staff sent them back a step) keeps the newest.
    await tx
      .insert(personLinks)
      .values({ directorId, linkedDirectorId: prior.director.id, matchedBy: prior.matchedBy, createdAt: now, createdBy: actor })
      .onConflictDoUpdate({
        target: personLinks.directorId,
        set: { linkedDirectorId: prior.director.id, matchedBy: prior.matchedBy, createdAt: now, createdBy: actor },
      });
    const link = { directorId, linkedDirectorId: prior.director.id, matchedBy: prior.matchedBy, linkedClientId: prior.director.clientId };
    const who = auditedBy(actor, meta, now);
    await writeAudit(tx, {
      ...who,
      ...onDirector(locked),
      action: "Verified through an earlier verification of the same person",
      auditType: "DirectorModified",
      newValue: { ...link, priorVerifiedAt: prior.verifiedAt.toISOString(), priorClientName: prior.clientName },
    });
    await writeAudit(tx, { ...who, ...onDirector(prior.director), action: "Linked to another record of the same person", auditType: "DirectorModified", newValue: link });
    await enqueueRegisterCheck(tx, { directorId, passedAt: now });
    await noSecondCharge(tx, { director: locked, priorClientName: prior.clientName, actor, now, meta });
  });

  await patchOwnDirector({ db, user, operations: [{ op: "replace", path: "/companiesHouseCode", value: code }], meta, now });
  const [after] = await db.select({ status: directors.status }).from(directors).where(eq(directors.id, directorId));
  return { status: after!.status };
}

/** The price of a record verified through an earlier one (see confirmPriorVerification, 3). */
async function noSecondCharge(
  tx: Tx,
  { director, priorClientName, actor, now, meta }: { director: Director; priorClientName: string; actor: string; now: Date; meta?: RequestMeta },
) {
  if (director.priceOverride !== null) return;
  const [client] = await tx.select({ name: clients.name, paid: clients.paid, sageInvoiceNumber: clients.sageInvoiceNumber }).from(clients).where(eq(clients.id, director.clientId));
  const t = translator();
  if (client?.paid || client?.sageInvoiceNumber) {
    await notifyAdmins({
      db: tx,
      message: t("notifications.priorVerificationCharged", { name: director.name, company: client.name, priorCompany: priorClientName }),
      clientId: director.clientId,
      directorId: director.id,
      dedupeKey: `prior-verification-charged:${director.id}`,
    });
    return;
  }
  const reason = t("directorJourney.priorVerification.priceReason", { company: priorClientName });
  await tx.update(directors).set({ priceOverride: 0, priceOverrideReason: reason, updatedAt: now, updatedBy: actor }).where(eq(directors.id, director.id));
  await auditFieldChanges(tx, {
    clientId: director.clientId,
    directorId: director.id,
    actor,
    at: now,
    changes: [
      { field: "priceOverride", from: null, to: 0 },
      { field: "priceOverrideReason", from: director.priceOverrideReason, to: reason },
    ],
    meta,
  });
  await recomputeFullPrice(tx, { clientId: director.clientId, actor, at: now, meta });
}

import "server-only";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db, Tx } from "@/db";
import { clients, directorAddresses, directors, type Director, type FormerName } from "@/db/schema";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { maskPersonalCode } from "@/lib/crypto/personal-code";
import { todayInUk } from "@/lib/domain/address-history";
import type { RequestMeta } from "@/lib/http";
import { translator } from "@/lib/i18n/translator";
import { sendJob } from "@/lib/jobs/send-job";
import { evaluatePatch, issuesToFieldErrors } from "@/lib/json-patch";
import { detailFields, directorSelfPatchSpec, type FormerNameInput, type PreviousAddress } from "@/lib/schemas/director-self-patch";
import { AppError } from "@/lib/server/app-error";
import { auditFieldChanges, type FieldChange } from "@/lib/server/clients/audit-field-changes";
import { applyDirectorEvent, planDirectorEvent } from "@/lib/server/lifecycle/apply-director-event";
import { notifyAdmins } from "@/lib/server/notifications/notify-admins";
import { ownDirectorId } from "@/lib/server/own-record";
import { lockOwnDirector } from "./lock-director";
import { verificationCompleteEmail } from "./director-emails";
import { sealPersonalCode } from "./personal-code-keys";

const ADDRESS_COLUMNS = ["addressLine1", "addressLine2", "addressLine3", "city", "state", "postcode", "country"] as const;

type AddressRow = typeof directorAddresses.$inferSelect;

function toPrevious(row: AddressRow): PreviousAddress {
  return {
    addressLine1: row.addressLine1 ?? "",
    addressLine2: row.addressLine2,
    addressLine3: row.addressLine3,
    city: row.city ?? "",
    state: row.state,
    postcode: row.postcode,
    country: row.country ?? "",
    startDate: row.startDate ?? "",
    endDate: row.endDate ?? "",
  };
}

/** The record the director's patch applies to: their row as the allow-list names its fields. */
function patchableRecord(director: Director, previous: AddressRow[]): Record<string, unknown> {
  return {
    firstName: director.firstName,
    lastName: director.lastName,
    formerNames: director.formerNameHistory,
    ...Object.fromEntries(ADDRESS_COLUMNS.map((c) => [c, director[c]])),
    currentAddressStartDate: director.currentAddressStartDate,
    previousAddresses: previous.map(toPrevious),
    // Write-only: a `test` cannot probe it and a second entry is never "unchanged".
    companiesHouseCode: null,
  };
}

/**
 * Applies a director's own JSON Patch (allow-list lib/schemas/director-self-patch.ts) in one
 * transaction with their row locked, and answers nothing: the route reads the director afresh.
 *
 * - Details (names, former names with dates, current address and its start date, previous
 *   addresses) may change while the status machine allows `detailsSaved` (before the check has
 *   given a result, or when more information was asked for), else 409 `detailsLocked`. The
 *   address history must then satisfy the 12-month rules; the address rows are replaced as a
 *   whole (current address: the row without an end date). `name` follows first and last name.
 * - The personal code is the machine's `codeEntered` (Verified or AwaitingAuthCode, invited; else 409
 *   `personalCodeNotExpected`): it is stored encrypted, the director becomes `Complete` (ending an
 *   override they were shown), is emailed, and admins are notified.
 * - An individual not yet invited (an unpaid request or batch) can do neither (409 `notInvitedYet`).
 * - Any change counts as the director having started, for the client's status
 *   (applyDirectorEvent moves it). Each changed field has a `DirectorModified` audit entry; the code
 *   appears there masked only.
 * Invalid patch: 400 naming every field, nothing changed; failed `test`: 409.
 */
export async function patchOwnDirector({ db, user, operations, meta, now = new Date() }: { db: Db; user: Principal; operations: unknown; meta?: RequestMeta; now?: Date }): Promise<{ changed: string[] }> {
  const directorId = ownDirectorId(user, "director.self.update");
  const actor = actorOf(user);
  const today = todayInUk(now);

  return db.transaction(async (tx) => {
    const director = await lockOwnDirector(tx, directorId);
    const previousRows = await tx
      .select()
      .from(directorAddresses)
      .where(and(eq(directorAddresses.directorId, directorId), isNotNull(directorAddresses.endDate)))
      .orderBy(asc(directorAddresses.startDate), asc(directorAddresses.id));

    const current = patchableRecord(director, previousRows);
    const result = evaluatePatch(operations, directorSelfPatchSpec(today), current);
    if (!result.ok) {
      if (result.kind === "test_failed") throw new AppError("conflict", "conflict", { fields: issuesToFieldErrors(result.issues) });
      throw new AppError("bad_request", "validation", { fields: issuesToFieldErrors(result.issues) });
    }
    const { changes } = result;
    const changedDetails = detailFields.filter((f) => Object.hasOwn(changes, f));
    const code = Object.hasOwn(changes, "companiesHouseCode") ? (changes.companiesHouseCode as string) : null;
    if (!changedDetails.length && !code) return { changed: [] };
    if (changedDetails.length) await planDirectorEvent(tx, { director, event: { type: "detailsSaved" }, at: now, refusalKey: "detailsLocked" });
    if (code) await planDirectorEvent(tx, { director, event: { type: "codeEntered" }, at: now, refusalKey: "personalCodeNotExpected" });

    const update: Partial<typeof directors.$inferInsert> = { updatedAt: now, updatedBy: actor };
    const audit: FieldChange[] = [];
    const setField = <K extends keyof Director>(field: K, value: Director[K]) => {
      if (JSON.stringify(director[field] ?? null) === JSON.stringify(value ?? null)) return;
      (update as Record<string, unknown>)[field] = value;
      audit.push({ field, from: director[field], to: value });
    };

    for (const f of ["firstName", "lastName", ...ADDRESS_COLUMNS, "currentAddressStartDate"] as const) {
      if (Object.hasOwn(changes, f)) setField(f, changes[f] as string | null);
    }
    if (Object.hasOwn(changes, "firstName") || Object.hasOwn(changes, "lastName")) {
      const first = (update.firstName ?? director.firstName ?? "").trim();
      const last = (update.lastName ?? director.lastName ?? "").trim();
      const name = `${first} ${last}`.trim();
      if (name) setField("name", name);
    }
    if (Object.hasOwn(changes, "formerNames")) {
      const list = (changes.formerNames as FormerNameInput[]).map((n): FormerName => ({ name: n.name, from: n.from ?? null, to: n.to }));
      setField("formerNameHistory", list);
      setField(
        "formerNames",
        list.map((n) => n.name),
      );
    }
    const addressesChanged = ADDRESS_COLUMNS.some((c) => Object.hasOwn(changes, c)) || Object.hasOwn(changes, "currentAddressStartDate") || Object.hasOwn(changes, "previousAddresses");
    if (addressesChanged) {
      const previous = (Object.hasOwn(changes, "previousAddresses") ? (changes.previousAddresses as PreviousAddress[]) : previousRows.map(toPrevious)).slice().sort((a, b) => a.startDate.localeCompare(b.startDate));
      if (Object.hasOwn(changes, "previousAddresses")) audit.push({ field: "previousAddresses", from: previousRows.map(toPrevious), to: previous });
      await replaceAddressRows(tx, directorId, { ...director, ...update } as Director, previous);
    }

    let completed = false;
    if (code) {
      update.companiesHouseCode = sealPersonalCode(code, directorId);
      update.companiesHouseCodeReceivedAt = now;
      audit.push({ field: "companiesHouseCode", from: null, to: maskPersonalCode(code) });
      completed = true;
    }

    await tx.update(directors).set(update).where(eq(directors.id, directorId));
    await auditFieldChanges(tx, { clientId: director.clientId, directorId, actor, at: now, changes: audit, meta });

    const saved = { ...director, ...update } as Director;
    await applyDirectorEvent(tx, { director: saved, event: { type: completed ? "codeEntered" : "detailsSaved" }, actor, at: now, meta });
    if (completed) await onCompleted(tx, saved, now);
    return { changed: audit.map((a) => a.field) };
  });
}

/** The address rows: the current address (no end date) and the previous ones, replacing what was there. */
async function replaceAddressRows(tx: Tx, directorId: number, director: Director, previous: PreviousAddress[]) {
  await tx.delete(directorAddresses).where(eq(directorAddresses.directorId, directorId));
  const rows = [
    ...previous.map((p) => ({ directorId, ...Object.fromEntries(ADDRESS_COLUMNS.map((c) => [c, p[c] ?? null])), startDate: p.startDate, endDate: p.endDate })),
    ...(director.addressLine1 ? [{ directorId, ...Object.fromEntries(ADDRESS_COLUMNS.map((c) => [c, director[c] ?? null])), startDate: director.currentAddressStartDate, endDate: null }] : []),
  ];
  if (rows.length) await tx.insert(directorAddresses).values(rows);
}

/** The director has entered their code: tell them, and tell the admins. */
async function onCompleted(tx: Tx, director: Director, now: Date) {
  const [client] = await tx.select({ name: clients.name, locale: clients.locale }).from(clients).where(eq(clients.id, director.clientId));
  const email = verificationCompleteEmail(director, { name: client?.name ?? "", locale: client?.locale ?? null });
  await sendJob(
    tx,
    "email.send",
    { ...email, to: director.email, about: { entityType: "Director", entityId: String(director.id), clientId: director.clientId, directorId: director.id, purpose: "verification complete" } },
    { key: `director-${director.id}-complete-${now.getTime()}` },
  );
  await notifyAdmins({
    db: tx,
    message: translator()("notifications.directorCompleted", { name: director.name, company: client?.name ?? "" }),
    clientId: director.clientId,
    directorId: director.id,
  });
}

import "server-only";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { directors, sessions, type Director } from "@/db/schema";
import { translator } from "@/lib/i18n/translator";
import { directorPatchFieldNames, directorPatchSpec } from "@/lib/schemas/director-patch";
import { AppError } from "@/lib/server/app-error";
import { maskPersonalCode } from "@/lib/crypto/personal-code";
import { readPersonalCode, sealPersonalCode } from "./personal-code-keys";
import { evaluatePatchOrThrow, staffActor, type StaffRecordInput } from "@/lib/server/staff-record";
import { auditFieldChanges, type FieldChange } from "@/lib/server/clients/audit-field-changes";
import { recomputeFullPrice } from "@/lib/server/clients/recompute-full-price";
import { applyDirectorEvent } from "@/lib/server/lifecycle/apply-director-event";
import { notifyAdmins } from "@/lib/server/notifications/notify-admins";
import type { DirectorEvent } from "@/lib/domain/director-lifecycle";

/** Whether a database error is a unique violation (PostgreSQL 23505), possibly wrapped by Drizzle. */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/**
 * Applies a JSON Patch (allow-list lib/schemas/director-patch.ts) to a director, for staff, in one
 * transaction with the row locked. Any invalid operation is a 400 that changes nothing; only
 * changed fields are written, each with one `DirectorModified` audit entry; `updatedAt` /
 * `updatedBy` are set. Returns the director's client id (the route answers with the client).
 *
 * Overrides (each with its reason in the same patch):
 * - status: `statusOverride` X sets `status` = X, keeps the computed status in `statusOriginal`
 *   (first override only) and stores the reason; clearing it restores `statusOriginal` and clears
 *   the reason. Admins are notified.
 * - price: `priceOverride` with `priceOverrideReason`; clearing clears both. The client's
 *   `fullPrice` is recomputed.
 * Other effects: a new email ends the director's sessions and must be unique among the client's
 * directors; `companiesHouseCode` sets `companiesHouseCodeReceivedAt`.
 */
export async function patchDirector({ db, user, id, operations, meta }: StaffRecordInput & { operations: unknown }): Promise<{ clientId: number; changed: string[] }> {
  const actor = staffActor(user, "admin.directors.update", id);

  try {
    return await db.transaction(async (tx) => {
      const [stored] = await tx.select().from(directors).where(eq(directors.id, id)).for("update");
      if (!stored) throw new AppError("not_found");
      // The personal code is stored encrypted: the patch works on the code itself.
      const director = { ...stored, companiesHouseCode: readPersonalCode(stored) };

      const result = evaluatePatchOrThrow(operations, directorPatchSpec, director);

      const values = result.values;
      const set: Partial<Record<keyof Director, unknown>> = {};
      const extra: Partial<Record<keyof Director, Record<string, unknown>>> = {};

      for (const field of directorPatchFieldNames) {
        if (!Object.hasOwn(values, field)) continue;
        if (field === "statusOverride" || field === "statusOverrideReason" || field === "priceOverride" || field === "priceOverrideReason") continue;
        set[field] = values[field];
      }

      if (Object.hasOwn(values, "email") && String(values.email).toLowerCase() !== director.email.toLowerCase()) {
        const [taken] = await tx
          .select({ id: directors.id })
          .from(directors)
          .where(and(eq(directors.clientId, director.clientId), ne(directors.id, id), eq(directors.isDeleted, false), eq(sql`lower(${directors.email})`, String(values.email).toLowerCase())))
          .limit(1);
        if (taken) throw new AppError("bad_request", "validation", { fields: { email: ["emailInUse"] } });
      }

      // A status override is a move of its own through the status machine (lib/domain/director-lifecycle.ts).
      let overrideEvent: DirectorEvent | null = null;
      let overrideReason: string | undefined;
      if (Object.hasOwn(values, "statusOverride")) {
        const override = values.statusOverride as Director["statusOverride"];
        overrideReason = values.statusOverrideReason as string;
        if (override !== null && (override !== director.statusOverride || overrideReason !== director.statusOverrideReason)) overrideEvent = { type: "overrideSet", status: override };
        else if (override === null && director.statusOverride !== null) overrideEvent = { type: "overrideCleared" };
      }
      if (Object.hasOwn(values, "priceOverride")) {
        const price = values.priceOverride as number | null;
        const reason = values.priceOverrideReason as string;
        set.priceOverride = price;
        set.priceOverrideReason = price === null ? null : reason;
        extra.priceOverride = { reason };
      }

      const changed = (Object.keys(set) as (keyof Director)[]).filter((field) => JSON.stringify(director[field] ?? null) !== JSON.stringify(set[field] ?? null));
      if (!changed.length && !overrideEvent) return { clientId: director.clientId, changed: [] };

      const at = new Date();
      const update: Partial<Record<keyof Director, unknown>> = { updatedAt: at, updatedBy: actor };
      for (const field of changed) update[field] = set[field];
      if (changed.includes("formerNames")) {
        // Keep the dates the director gave for names that remain; names added by staff have none.
        const known = new Map(director.formerNameHistory.map((n) => [n.name, n]));
        update.formerNameHistory = (set.formerNames as string[]).map((name) => known.get(name) ?? { name, from: null, to: null });
      }
      if (changed.includes("companiesHouseCode")) {
        update.companiesHouseCodeReceivedAt = set.companiesHouseCode === null ? null : at;
        update.companiesHouseCode = set.companiesHouseCode === null ? null : sealPersonalCode(set.companiesHouseCode as string, id);
      }
      await tx.update(directors).set(update as Partial<typeof directors.$inferInsert>).where(eq(directors.id, id));

      // The audit keeps no personal code in clear: only its last characters.
      const masked = (field: keyof Director, v: unknown) => (field === "companiesHouseCode" && typeof v === "string" ? maskPersonalCode(v) : v);
      const audit: FieldChange[] = changed.map((field) => ({ field, from: masked(field, director[field]), to: masked(field, set[field]), extra: extra[field] }));
      await auditFieldChanges(tx, {
        clientId: director.clientId,
        directorId: id,
        actor,
        at,
        changes: audit,
        meta,
      });

      if (changed.includes("email")) {
        await tx.update(sessions).set({ revokedAt: at }).where(and(eq(sessions.directorId, id), isNull(sessions.revokedAt)));
      }
      if (changed.includes("priceOverride")) await recomputeFullPrice(tx, { clientId: director.clientId, actor, at, meta });
      if (overrideEvent) {
        const moved = await applyDirectorEvent(tx, { director: stored, event: overrideEvent, actor, at, meta, reason: overrideReason, refusal: "bad_request" });
        const t = translator();
        const notice =
          overrideEvent.type === "overrideSet"
            ? t("clientDetail.notifications.statusOverridden", { name: director.name, status: t(`statuses.director.${moved.to}`), actor })
            : t("clientDetail.notifications.statusOverrideRemoved", { name: director.name, actor });
        await notifyAdmins({ db: tx, message: notice, clientId: director.clientId, directorId: id });
        changed.push("statusOverride");
      }
      return { clientId: director.clientId, changed };
    });
  } catch (err) {
    // Two staff giving two directors of one client the same email at once: the unique index decides.
    if (isUniqueViolation(err)) throw new AppError("bad_request", "validation", { fields: { email: ["emailInUse"] } });
    throw err;
  }
}

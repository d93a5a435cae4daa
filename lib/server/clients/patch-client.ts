import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { clients, sessions, users } from "@/db/schema";
import { clientPatchSpec } from "@/lib/schemas/client-patch";
import { clientPatchFieldNames } from "@/lib/schemas/client-patch-fields";
import { AppError } from "@/lib/server/app-error";
import { evaluatePatchOrThrow, staffActor, type StaffRecordInput } from "@/lib/server/staff-record";
import { staffClientEvent, staffMovesFrom } from "@/lib/domain/client-lifecycle";
import type { ClientStatus } from "@/lib/domain/values";
import { translator } from "@/lib/i18n/translator";
import { OVERRIDE_REASON_MIN_EXCLUSIVE } from "@/lib/schemas/director-patch";
import { auditedBy, writeAudit } from "@/lib/server/audit/write-audit";
import { refreshClientStatus } from "@/lib/server/lifecycle/refresh-client-status";
import { releaseInvitations } from "@/lib/server/requests/release-invitations";
import { auditFieldChanges, type FieldChange } from "./audit-field-changes";

const statusLabel = (s: ClientStatus) => translator()(`statuses.client.${s}`);
import { recomputeFullPrice } from "./recompute-full-price";

/**
 * Applies a JSON Patch (lib/json-patch, allow-list lib/schemas/client-patch.ts) to a client, for
 * staff. In one transaction, with the row locked: validates every operation first (any problem is a
 * 400 that changes nothing), writes only the fields whose value changes, one `ClientModified` audit
 * entry per changed field, and `updatedAt` / `updatedBy`. A patch that changes nothing writes nothing.
 *
 * Status: only the moves the client's status machine gives staff (New ⇄ Onboarding; PaymentPending →
 * New by recording the payment with `paymentReference` and `paymentNote`, which invites the
 * individuals as a confirmed card payment does); any other is a 400 listing the allowed statuses.
 * New → Onboarding sends the invitations a request held for staff (HOLD_REQUEST_INVITATIONS).
 * InProgress and Completed follow the directors.
 *
 * Side effects: a new main contact email ends the contact's sessions; a new unit price recomputes
 * `fullPrice` (unless paid); `paid` sets or clears `paidAt`.
 */
export async function patchClient({ db, user, id, operations, meta }: StaffRecordInput & { operations: unknown }): Promise<{ changed: string[] }> {
  const actor = staffActor(user, "admin.clients.update", id);

  return db.transaction(async (tx) => {
    const [client] = await tx.select().from(clients).where(eq(clients.id, id)).for("update");
    if (!client) throw new AppError("not_found");

    const result = evaluatePatchOrThrow(operations, clientPatchSpec, client);

    const changes = { ...result.changes } as Record<string, unknown>;
    const fieldErrors: Record<string, string[]> = {};

    if ("owner" in changes && changes.owner !== null) {
      const [admin] = await tx
        .select({ email: users.email })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, String(changes.owner).toLowerCase()), eq(users.type, "Admin")))
        .limit(1);
      if (!admin) fieldErrors.owner = ["notAnAdmin"];
      else if (admin.email === client.owner) delete changes.owner;
      else changes.owner = admin.email;
    }
    if ("paid" in changes && client.journey === "PayByCard") fieldErrors.paid = ["paidByCard"];

    // The status moves through the client's machine (lib/domain/client-lifecycle.ts): staff may set
    // only the moves it lists; a card client awaiting payment becomes New only by recording the payment.
    const payment = { reference: (changes.paymentReference ?? null) as string | null, note: (changes.paymentNote ?? null) as string | null };
    delete changes.paymentReference;
    delete changes.paymentNote;
    let statusEvent: ReturnType<typeof staffClientEvent> = null;
    if ("status" in changes) {
      const to = changes.status as ClientStatus;
      delete changes.status;
      if (to !== client.status) {
        statusEvent = staffClientEvent(client.status, to);
        if (!statusEvent) throw new AppError("bad_request", "statusMoveRefused", { fields: { status: ["statusMoveRefused"] }, allowed: staffMovesFrom(client.status).map(statusLabel) });
        if (statusEvent === "paymentRecorded") {
          if (!payment.reference) fieldErrors.paymentReference = ["paymentReferenceRequired"];
          if (!payment.note || payment.note.length <= OVERRIDE_REASON_MIN_EXCLUSIVE) fieldErrors.paymentNote = ["reasonTooShort"];
        }
      }
    }
    if (Object.keys(fieldErrors).length) throw new AppError("bad_request", "validation", { fields: fieldErrors });

    const fields = clientPatchFieldNames.filter((f) => Object.hasOwn(changes, f));
    if (!fields.length && !statusEvent) return { changed: [] };

    const at = new Date();
    const set: Partial<typeof clients.$inferInsert> = { updatedAt: at, updatedBy: actor };
    for (const field of fields) (set as Record<string, unknown>)[field] = changes[field];
    if (fields.includes("paid")) set.paidAt = changes.paid ? at : null;
    if (statusEvent === "paymentRecorded") Object.assign(set, { paid: true, paidAt: at });
    await tx.update(clients).set(set).where(eq(clients.id, id));

    const audit: FieldChange[] = fields.map((field) => ({
      field,
      from: client[field as keyof typeof client],
      to: changes[field],
      ...(field === "paid" ? { extra: { paidAt: changes.paid ? at.toISOString() : null } } : {}),
    }));
    await auditFieldChanges(tx, { clientId: id, actor, at, changes: audit, meta });

    if (fields.includes("mainContactEmail")) {
      await tx
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.clientId, id), eq(sessions.userType, "DV_CompanyContact"), isNull(sessions.revokedAt)));
    }
    if (fields.includes("unitPrice")) await recomputeFullPrice(tx, { clientId: id, actor, at, meta });
    if (statusEvent === "paymentRecorded") {
      await writeAudit(tx, {
        action: "Payment recorded by staff",
        auditType: "ClientPaymentSuccessful",
        entityType: "Client",
        entityId: String(id),
        clientId: id,
        ...auditedBy(actor, meta),
        oldValue: { paid: client.paid, status: client.status },
        newValue: { paid: true, paymentReference: payment.reference, reason: payment.note },
      });
      // As after the payment provider's confirmation: the individuals are invited now.
      await releaseInvitations(tx, { clientId: id });
    }
    if (statusEvent) await refreshClientStatus(tx, { clientId: id, event: { type: statusEvent }, actor, at, meta });
    // Staff have set up the engagement: invitations held for them (HOLD_REQUEST_INVITATIONS) go now.
    // Safe when there are none: nobody is invited twice.
    if (statusEvent === "onboardingStarted") await releaseInvitations(tx, { clientId: id });
    return { changed: statusEvent ? [...fields, "status"] : fields };
  });
}

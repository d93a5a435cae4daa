import "server-only";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Tx } from "@/db";
import { directorAddresses, directors, type Director, type NewDirector } from "@/db/schema";
import { todayInUk } from "@/lib/domain/address-history";
import { detailsComplete } from "@/lib/domain/director-journey";
import {
  directorStateOf,
  directorStatusColumns,
  nextDirector,
  type DirectorEvent,
  type DirectorFacts,
  type DirectorNext,
} from "@/lib/domain/director-lifecycle";
import { evidenceNeeded } from "@/lib/domain/evidence-needed";
import type { RequestMeta } from "@/lib/http";
import { translator } from "@/lib/i18n/translator";
import { AppError } from "@/lib/server/app-error";
import { findPriorVerification } from "@/lib/server/companies-house/person-prior-verification";
import { auditFieldChanges } from "@/lib/server/clients/audit-field-changes";
import { refreshClientStatus } from "./refresh-client-status";

export type DirectorMoved = Extract<DirectorNext, { ok: true }>;

/** A move the machine allows, and the facts it was judged on. */
export interface DirectorPlan {
  moved: DirectorMoved;
  facts: DirectorFacts;
}

/** The events of a director who is taking part: their client has started (lib/domain/client-lifecycle.ts). */
const STARTING: ReadonlySet<DirectorEvent["type"]> = new Set([
  "detailsSaved",
  "checkStarted",
  "providerApproved",
  "providerNeedsReview",
  "providerRejected",
  "providerExpired",
  "evidenceGiven",
  "codeEntered",
  "priorVerificationConfirmed",
]);

/** The message key of each refusal: what the person is told (messages apiErrors). */
const REFUSAL_KEYS: Record<Extract<DirectorNext, { ok: false }>["reason"], string> = {
  notNow: "statusMoveRefused",
  guard: "statusMoveRefused",
  noOverride: "statusMoveRefused",
  notInvited: "notInvitedYet",
  detailsIncomplete: "identityCheckNeedsDetails",
};

/**
 * What the guards know of a director, from their record (the address history, and whether the same
 * person was verified here before, only when asked).
 */
export async function directorFacts(tx: Tx, director: Director, { withDetails = false, withPriorVerification = false, now = new Date() } = {}): Promise<DirectorFacts> {
  let complete = false;
  if (withDetails) {
    const previous = await tx
      .select({ startDate: directorAddresses.startDate, endDate: directorAddresses.endDate })
      .from(directorAddresses)
      .where(and(eq(directorAddresses.directorId, director.id), isNotNull(directorAddresses.endDate)));
    complete = detailsComplete(director, previous, todayInUk(now));
  }
  return {
    invited: director.invitedAt !== null,
    detailsComplete: complete,
    failedAttempts: director.idvFailedAttempts,
    evidenceOutstanding: evidenceNeeded({ status: "OutstandingIDInfo", formerNames: director.formerNames, evidenceOutstanding: director.evidenceOutstanding }),
    checkPassed: director.checkPassedAt !== null,
    verifiedElsewhere: withPriorVerification ? (await findPriorVerification(tx, director)) !== null : false,
  };
}

/** The facts an accepted move changes, beside the status itself. */
function factColumns(director: Director, event: DirectorEvent, moved: DirectorMoved, facts: DirectorFacts, at: Date): Partial<NewDirector> {
  switch (event.type) {
    case "providerApproved":
      return { checkPassedAt: at, verificationCompletedAt: at };
    case "providerNeedsReview":
      return { verificationCompletedAt: at };
    case "providerRejected":
    case "providerExpired":
      // Every ended check starts the retention clock, so the evidence of an attempt a director then
      // abandons is not kept for ever (DESIGN.md §4 "Evidence and retention").
      return { idvFailedAttempts: director.idvFailedAttempts + (event.type === "providerRejected" ? 1 : 0), verificationCompletedAt: at };
    case "evidenceGiven":
      if (moved.from !== "OutstandingIDInfo") return {};
      return { evidenceOutstanding: moved.to === "OutstandingIDInfo" ? facts.evidenceOutstanding.filter((k) => k !== event.kind) : [] };
    case "evidenceRequested":
      return { evidenceOutstanding: [...new Set(event.kinds)] };
    case "reviewApproved":
      return { checkPassedAt: director.checkPassedAt ?? at, evidenceOutstanding: [] };
    case "priorVerificationConfirmed":
      // Verified through the earlier verification: no session of theirs is wanted any more.
      return { checkPassedAt: director.checkPassedAt ?? at, sessionID: null, sessionToken: null, sessionUrl: null, sessionExpiry: null };
    case "reviewRejected":
      return { evidenceOutstanding: [], verificationCompletedAt: director.verificationCompletedAt ?? at };
    case "reopened":
      // A fresh start: no session of before is theirs any more. Kept, a session whose result is in
      // (a manual review, then rejected) would be settled again by the page's poll or the expiry
      // sweep (both look for AwaitingIDInfo with a session), putting the director straight back
      // under review, and start-yoti would hand its finished link out again.
      return { idvFailedAttempts: 0, sessionID: null, sessionToken: null, sessionUrl: null, sessionExpiry: null };
    default:
      return {};
  }
}

/**
 * Where `event` would take the director, without writing anything (to refuse before asking a
 * provider for anything): the machine's move, or the AppError of its refusal (409, or 400 for
 * staff), naming the allowed moves.
 */
export async function planDirectorEvent(
  tx: Tx,
  {
    director,
    event,
    at,
    refusal = "conflict",
    refusalKey,
  }: { director: Director; event: DirectorEvent; at: Date; refusal?: "conflict" | "bad_request"; refusalKey?: string },
): Promise<DirectorPlan> {
  const facts = await directorFacts(tx, director, { withDetails: event.type === "checkStarted", withPriorVerification: event.type === "priorVerificationConfirmed", now: at });
  const moved = nextDirector(directorStateOf(director), event, facts);
  if (!moved.ok) {
    const key = moved.reason === "notNow" && refusalKey ? refusalKey : REFUSAL_KEYS[moved.reason];
    const t = translator();
    // Every event has its words (lifecycle.directorEvents.*); the union is too wide for the key type to check.
    const allowed = moved.allowed.map((e) => t(`lifecycle.directorEvents.${e}` as Parameters<typeof t>[0]));
    throw new AppError(refusal, key, { allowed, ...(refusal === "bad_request" ? { fields: { status: [key] } } : {}) });
  }
  return { moved, facts };
}

/**
 * The one writer of a director's status. In the caller's transaction, with the director's row
 * locked by the caller: asks the machine (lib/domain/director-lifecycle.ts) where `event` takes the
 * director, and either refuses (an AppError naming the allowed moves: 409, or 400 for staff) or
 * writes the status columns, the facts the move changes (attempts, evidence asked, when a check
 * passed, the retention clock) and the caller's own columns (`set`) in one update; audits a change
 * of status; and moves the client with its directors (refreshClientStatus).
 */
export async function applyDirectorEvent(
  tx: Tx,
  {
    director,
    event,
    actor,
    at,
    meta,
    set = {},
    reason,
    audit = true,
    refusal = "conflict",
    refusalKey,
    planned,
  }: {
    director: Director;
    event: DirectorEvent;
    actor: string;
    at: Date;
    meta?: RequestMeta;
    /** Columns the caller writes with the move (a session, a personal code, ...). */
    set?: Partial<NewDirector>;
    /** Why (overrides and review decisions): audited, and kept as the override's reason. */
    reason?: string;
    /** Whether to write the "status changed" audit entry (false when the caller writes its own). */
    audit?: boolean;
    /** The error code of a refusal. */
    refusal?: "conflict" | "bad_request";
    /** The message key of a refusal for want of a move from this status (default: statusMoveRefused). */
    refusalKey?: string;
    /** What planDirectorEvent answered for this event, earlier in the same transaction with the row locked. */
    planned?: DirectorPlan;
  },
): Promise<DirectorMoved> {
  const { moved, facts } = planned ?? (await planDirectorEvent(tx, { director, event, at, refusal, refusalKey }));

  const columns = directorStatusColumns(moved.state);
  const overrideReason =
    event.type === "overrideSet" ? (reason ?? null) : moved.state.override === null ? null : director.statusOverrideReason;
  await tx
    .update(directors)
    .set({ ...set, ...factColumns(director, event, moved, facts, at), ...columns, statusOverrideReason: overrideReason, updatedAt: at, updatedBy: actor })
    .where(eq(directors.id, director.id));

  if (audit) {
    // One entry per status column that changed, as every field change is audited; the first carries
    // the event, the status passed through (Verified) and the reason.
    const after = { ...columns, statusOverrideReason: overrideReason };
    const fields = (Object.keys(after) as (keyof typeof after)[]).filter((f) => director[f] !== after[f]);
    const detail = { event: event.type, ...(moved.via ? { via: moved.via } : {}), ...(reason ? { reason } : {}), ...(moved.overrideEnded && event.type !== "overrideCleared" ? { overrideEnded: true } : {}) };
    await auditFieldChanges(tx, {
      clientId: director.clientId,
      directorId: director.id,
      actor,
      at,
      changes: fields.map((field) => ({ field, from: director[field], to: after[field], extra: detail })),
      meta,
    });
  }
  await refreshClientStatus(tx, { clientId: director.clientId, started: STARTING.has(event.type), actor, at, meta });
  return moved;
}

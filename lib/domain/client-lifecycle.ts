import type { ClientStatus, DirectorStatus, Journey } from "./values";

/*
 * The client's status machine, declared once (DESIGN.md §4, docs/domain.md). Pure. Two kinds of move:
 * - events people or the payment provider cause (the table below);
 * - the progress its directors make, derived by `deriveClientStatus` from its live (not deleted)
 *   directors in the same transaction as every change that can move it
 *   (lib/server/lifecycle/refresh-client-status.ts).
 *
 *   PaymentPending ─paid / payment recorded─▶ New ◀─▶ Onboarding
 *   New, Onboarding ─a director starts─▶ InProgress ─every live director Complete─▶ Completed
 *   Completed ─a live director not Complete (added, reopened)─▶ InProgress
 */

export type ClientEvent =
  | { type: "paid" }
  | { type: "paymentRecorded" }
  | { type: "onboardingStarted" }
  | { type: "onboardingReverted" }
  | { type: "directorsChanged"; directors: readonly DirectorStatus[]; started: boolean };

export type ClientEventType = ClientEvent["type"];

export interface ClientMove {
  event: ClientEventType;
  by: "provider" | "staff" | "system";
  from: readonly ClientStatus[];
  to: ClientStatus | "derived";
  guard?: string;
}

export const clientMoves: readonly ClientMove[] = [
  { event: "paid", by: "provider", from: ["PaymentPending"], to: "New" },
  { event: "paymentRecorded", by: "staff", from: ["PaymentPending"], to: "New", guard: "reason and payment reference" },
  { event: "onboardingStarted", by: "staff", from: ["New"], to: "Onboarding" },
  { event: "onboardingReverted", by: "staff", from: ["Onboarding"], to: "New" },
  { event: "directorsChanged", by: "system", from: ["New", "Onboarding", "InProgress", "Completed"], to: "derived" },
];

/** Where a new request starts: a payment by card comes first; every other request may start at once. */
export function initialClientStatus(journey: Journey): ClientStatus {
  return journey === "PayByCard" ? "PaymentPending" : "New";
}

/**
 * The status a client's live directors imply, from its current one. Nothing moves before payment.
 * With no live director the status stays as it is.
 */
export function deriveClientStatus(current: ClientStatus, live: readonly DirectorStatus[], started: boolean): ClientStatus {
  if (current === "PaymentPending" || live.length === 0) return current;
  if (live.every((s) => s === "Complete")) return "Completed";
  if (current === "Completed") return "InProgress";
  if ((current === "New" || current === "Onboarding") && (started || live.some((s) => s !== "AwaitingIDInfo"))) return "InProgress";
  return current;
}

export type ClientNext = { ok: true; to: ClientStatus } | { ok: false; allowed: ClientStatus[] };

/** Where `event` takes a client in `status`, or the statuses it could go to instead. */
export function nextClient(status: ClientStatus, event: ClientEvent): ClientNext {
  const move = clientMoves.find((m) => m.event === event.type && m.from.includes(status));
  if (!move) return { ok: false, allowed: staffMovesFrom(status) };
  if (move.to !== "derived") return { ok: true, to: move.to };
  if (event.type !== "directorsChanged") return { ok: false, allowed: staffMovesFrom(status) };
  return { ok: true, to: deriveClientStatus(status, event.directors, event.started) };
}

/** The statuses staff may set by hand from `status` (PaymentPending → New only by recording the payment). */
export function staffMovesFrom(status: ClientStatus): ClientStatus[] {
  return clientMoves.filter((m) => m.by === "staff" && m.from.includes(status) && m.to !== "derived").map((m) => m.to as ClientStatus);
}

export type StaffClientEventType = Exclude<ClientEventType, "directorsChanged" | "paid">;

/** The staff event that sets `to` from `from`, if there is one. */
export function staffClientEvent(from: ClientStatus, to: ClientStatus): StaffClientEventType | null {
  const move = clientMoves.find((m) => m.by === "staff" && m.from.includes(from) && m.to === to);
  return (move?.event as StaffClientEventType | undefined) ?? null;
}

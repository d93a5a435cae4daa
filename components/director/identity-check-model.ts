import type { DirectorStatus } from "@/lib/domain/values";

/** What the identity check step needs of the director (pass `getOwnDirector`'s record as it is). */
export interface IdentityCheckDirector {
  status: DirectorStatus;
  sessionUrl: string | null;
  sessionExpiry: Date | string | null;
  idvFailedAttempts: number;
  /** Details and 12 months of address history saved: the check may start (the status machine's guard). */
  detailsComplete: boolean;
}

/** The API of the identity check (lib/server/identity-check). */
export const identityCheckApi = {
  start: "/api/director-verification/director-verification/start-yoti",
  atYoti: "/api/director-verification/director-verification/at-yoti",
  check: "/api/director-verification/director-verification/check-yoti",
} as const;

export interface OpenSession {
  sessionUrl: string;
  sessionExpiry: string;
}

/** The provider session the director may still use, if any (one whose link has run out is none). */
export function openSession(d: IdentityCheckDirector, now = Date.now()): OpenSession | null {
  if (d.status !== "AwaitingIDInfo" || !d.sessionUrl || !d.sessionExpiry) return null;
  const expiry = new Date(d.sessionExpiry);
  return expiry.getTime() > now ? { sessionUrl: d.sessionUrl, sessionExpiry: expiry.toISOString() } : null;
}

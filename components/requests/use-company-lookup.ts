"use client";

import { useEffect, useState } from "react";
import type { CompanyLookup } from "@/lib/server/companies-house/lookup-company";
import { compactIdentifier, isCompanyNumber } from "@/lib/schemas/uk-identifiers";

export type { CompanyLookup, LookupPerson } from "@/lib/server/companies-house/lookup-company";

/** What the look-up of the company number knows: nothing yet, waiting, or the register's answer for `number`. */
export type LookupState =
  | { kind: "idle" }
  | { kind: "loading"; number: string }
  | { kind: "found"; number: string; result: CompanyLookup }
  | { kind: "notFound"; number: string }
  | { kind: "closed"; number: string; name: string; status: string }
  | { kind: "unavailable"; number: string }
  | { kind: "rateLimited"; number: string };

const IDLE: LookupState = { kind: "idle" };

/** How long typing must pause before the number is looked up. */
export const LOOKUP_DELAY_MS = 300;

/** The answer of GET /api/companies-house/companies/{number} as a state (never throws). */
async function lookUp(number: string, signal: AbortSignal): Promise<LookupState> {
  const res = await fetch(`/api/companies-house/companies/${encodeURIComponent(number)}`, { signal, headers: { Accept: "application/json" } });
  if (res.ok) return { kind: "found", number, result: (await res.json()) as CompanyLookup };
  const body = (await res.json().catch(() => ({}))) as { companyName?: unknown; status?: unknown };
  if (res.status === 404) return { kind: "notFound", number };
  if (res.status === 409) return { kind: "closed", number, name: typeof body.companyName === "string" ? body.companyName : number, status: typeof body.status === "string" ? body.status : "" };
  if (res.status === 429) return { kind: "rateLimited", number };
  return { kind: "unavailable", number };
}

/**
 * Looks the company number up at Companies House (through the portal) once it is a whole company
 * number (8 characters, as the request schema asks) and typing has paused for LOOKUP_DELAY_MS. A
 * newer number cancels the older one's request; a number that is not whole yet is "idle". The page
 * stays usable meanwhile: nothing waits for the answer.
 */
export function useCompanyLookup(value: string | undefined): LookupState {
  const number = compactIdentifier(value ?? "");
  const wanted = isCompanyNumber(number) ? number : null;
  const [state, setState] = useState<LookupState>(IDLE);
  const current = state.kind === "idle" ? null : state.number;

  useEffect(() => {
    if (wanted === current) return;
    if (!wanted) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ kind: "loading", number: wanted });
      lookUp(wanted, controller.signal).then(
        (next) => {
          if (!controller.signal.aborted) setState(next);
        },
        () => {
          if (!controller.signal.aborted) setState({ kind: "unavailable", number: wanted });
        },
      );
    }, LOOKUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `current` is read, not followed: the effect runs again only when the wanted number changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);

  // Until the look-up of the number now typed starts, nothing is known of it.
  return wanted && current === wanted ? state : IDLE;
}

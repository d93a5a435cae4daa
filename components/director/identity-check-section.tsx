"use client";

/**
 * The identity check step of the director's page: the check at Yoti, from starting it to its result.
 *
 * Props (server-rendered, from `getOwnDirector`; pass the record as it is):
 * - `director.status`: the director's status. The section shows itself for AwaitingIDInfo and
 *   IDVLinkExpired (the check to do), UnderReview and Rejected (what happened) and Verified,
 *   AwaitingAuthCode and Complete (passed); for OutstandingIDInfo it renders nothing (the evidence
 *   section speaks then).
 * - `director.sessionUrl`, `director.sessionExpiry`: the provider session, when one is open.
 * - `director.idvFailedAttempts`: how many checks were rejected (a retry is offered after one, and
 *   the attempts left are said, as the email does; none once Rejected).
 * - `headingLevel` (optional, default 2): the level of the section's heading, to fit the page.
 *
 * While a session is open the provider's page is shown in a frame (with a link that opens it in a
 * new tab, for browsers or settings that block the frame), and the section asks the server every few
 * seconds whether the result has arrived (`check-yoti` fetches the session from Yoti); when it has,
 * the page is rendered again with the new status.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ExternalLink } from "@/components/ui/external-link";
import { attemptsLeft } from "@/lib/domain/director-journey";
import type { DirectorStatus } from "@/lib/domain/values";

export interface IdentityCheckDirector {
  status: DirectorStatus;
  sessionUrl: string | null;
  sessionExpiry: Date | string | null;
  idvFailedAttempts: number;
  /** Details and 12 months of address history saved: the check may start (the status machine's guard). */
  detailsComplete: boolean;
}

export interface IdentityCheckSectionProps {
  director: IdentityCheckDirector;
  headingLevel?: 2 | 3;
}

/** The API of the identity check (lib/server/identity-check). */
export const identityCheckApi = {
  start: "/api/director-verification/director-verification/start-yoti",
  atYoti: "/api/director-verification/director-verification/at-yoti",
  check: "/api/director-verification/director-verification/check-yoti",
} as const;

/** How often the page asks for the result, and for how long (then the director reloads). */
const POLL_EVERY_MS = 5_000;
const POLL_FOR_MS = 60 * 60_000;

const ERROR_ID = "identity-check-error";

interface OpenSession {
  sessionUrl: string;
  sessionExpiry: string;
}

function openSession(d: IdentityCheckDirector): OpenSession | null {
  if (d.status !== "AwaitingIDInfo" || !d.sessionUrl || !d.sessionExpiry) return null;
  const expiry = new Date(d.sessionExpiry);
  return expiry.getTime() > Date.now() ? { sessionUrl: d.sessionUrl, sessionExpiry: expiry.toISOString() } : null;
}

export function IdentityCheckSection({ director, headingLevel = 2 }: IdentityCheckSectionProps) {
  const t = useTranslations("identityCheck");
  const router = useRouter();
  const Heading = headingLevel === 3 ? "h3" : "h2";
  const [session, setSession] = useState<OpenSession | null>(() => openSession(director));
  const [starting, setStarting] = useState(false);
  /** Why the last start failed: the server's message for a refusal it explains (409, 429), else null for the general one. */
  const [startFailed, setStartFailed] = useState<false | { message: string | null }>(false);
  const clickRecorded = useRef(false);

  // A new render from the server (after a refresh) brings the truth: take its session.
  useEffect(() => setSession(openSession(director)), [director]);

  const waiting = session !== null;
  useEffect(() => {
    if (!waiting) return;
    const until = Date.now() + POLL_FOR_MS;
    let stopped = false;
    const timer = setInterval(async () => {
      if (Date.now() > until) return clearInterval(timer);
      if (document.hidden) return;
      try {
        const res = await fetch(identityCheckApi.check, { cache: "no-store" });
        if (!res.ok || stopped) return;
        const body = (await res.json()) as { success: boolean };
        if (body.success) {
          clearInterval(timer);
          router.refresh();
        }
      } catch {
        // Offline for a moment: the next tick asks again.
      }
    }, POLL_EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [waiting, router]);

  const recordClick = useCallback(() => {
    if (clickRecorded.current) return;
    clickRecorded.current = true;
    void fetch(identityCheckApi.atYoti, { headers: { Accept: "application/json" }, cache: "no-store" }).catch(() => {
      clickRecorded.current = false;
    });
  }, []);

  async function start() {
    setStarting(true);
    setStartFailed(false);
    try {
      const res = await fetch(identityCheckApi.start, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
      if (res.ok) {
        const body = (await res.json()) as OpenSession;
        setSession({ sessionUrl: body.sessionUrl, sessionExpiry: body.sessionExpiry });
        router.refresh();
        return;
      }
      // A refusal the server explains (the step is not available, or today's limit of new checks is
      // reached): its message; anything else, the general one.
      const answer = (await res.json().catch(() => ({}))) as { message?: unknown };
      const explained = (res.status === 409 || res.status === 429) && typeof answer.message === "string" && answer.message ? answer.message : null;
      setStartFailed({ message: explained });
    } catch {
      setStartFailed({ message: null });
    } finally {
      setStarting(false);
    }
    requestAnimationFrame(() => document.getElementById(ERROR_ID)?.focus());
  }

  const status = director.status;
  if (status === "OutstandingIDInfo") return null;

  const section = (body: ReactNode) => (
    <section id="identity-check" aria-labelledby="identity-check-heading" className="flex flex-col gap-4">
      <Heading id="identity-check-heading" className="text-xl font-semibold">
        {t("heading")}
      </Heading>
      {body}
    </section>
  );

  if (status === "Verified" || status === "AwaitingAuthCode" || status === "Complete") {
    return section(<Alert variant="success" role="none">{t("passed")}</Alert>);
  }
  if (status === "UnderReview") return section(<Alert variant="info" role="none">{t("underReview")}</Alert>);
  if (status === "Rejected") {
    return section(
      <Alert variant="error" role="none">
        <p>{t("rejected")}</p>
        <p className="mt-1" data-testid="identity-check-attempts-left">{t("noAttemptsLeft")}</p>
      </Alert>,
    );
  }

  const startError = startFailed ? (
    <Alert variant="error" id={ERROR_ID} tabIndex={-1} className="outline-none">
      {startFailed.message ?? t("startFailed")}
    </Alert>
  ) : null;

  if (session) {
    return section(
      <>
        <p>{t("inFrame")}</p>
        <Alert variant="info" role="status">
          {t("mayTakeMinutes")}
        </Alert>
        <iframe
          title={t("frameTitle")}
          src={session.sessionUrl}
          allow="camera; fullscreen"
          onLoad={recordClick}
          className="h-[42rem] w-full rounded border border-slate-300 bg-white"
        />
        <p>
          {t("frameBlocked")}{" "}
          <ExternalLink href={identityCheckApi.atYoti}>{t("openInNewTab")}</ExternalLink>
        </p>
      </>,
    );
  }

  if (!director.detailsComplete) {
    // The step is not yet available, and the page says why (the server answers 409 too).
    return section(
      <>
        <p>
          <strong className="font-semibold">{t("notYetAvailable")}</strong>
        </p>
        <p data-testid="identity-check-not-available">
          {t("needsDetails")} <a href="#details-title" className="underline">{t("goToDetails")}</a>
        </p>
      </>,
    );
  }

  const retry = status === "AwaitingIDInfo" && director.idvFailedAttempts > 0;
  return section(
    <>
      {status === "IDVLinkExpired" ? (
        <Alert variant="warning" role="none">
          {t("expired")}
        </Alert>
      ) : retry ? (
        <Alert variant="error" role="none">
          <p>{t("failedTryAgain")}</p>
          <p className="mt-1" data-testid="identity-check-attempts-left">{t("attemptsLeft", { left: attemptsLeft(director) })}</p>
        </Alert>
      ) : (
        <p>{t("intro")}</p>
      )}
      {startError}
      <div>
        <Button onClick={start} loading={starting} loadingLabel={t("starting")}>
          {status === "IDVLinkExpired" ? t("startAgain") : retry ? t("tryAgain") : t("start")}
        </Button>
      </div>
    </>,
  );
}

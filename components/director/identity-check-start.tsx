"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ExternalLink } from "@/components/ui/external-link";
import { attemptsLeft } from "@/lib/domain/director-journey";
import { identityCheckApi, openSession, type IdentityCheckDirector, type OpenSession } from "./identity-check-model";

/** How often the page asks for the result, and for how long (then the director reloads). */
const POLL_EVERY_MS = 5_000;
const POLL_FOR_MS = 60 * 60_000;

const ERROR_ID = "identity-check-error";

/**
 * The identity check while there is one to do, inside IdentityCheckSection (which renders every
 * other state on the server): the button that starts it, then the provider's page in a frame (with
 * a link that opens it in a new tab, for browsers or settings that block the frame), while the page
 * asks the server every few seconds whether the result has arrived (`check-yoti` fetches the session
 * from Yoti); when it has, the page is rendered again with the new status.
 */
export function IdentityCheckStart({ director }: { director: IdentityCheckDirector }) {
  const t = useTranslations("identityCheck");
  const router = useRouter();
  const [session, setSession] = useState<OpenSession | null>(() => openSession(director));
  const [starting, setStarting] = useState(false);
  /** Why the last start failed: the server's message for a refusal it explains (409, 429), else null for the general one. */
  const [startFailed, setStartFailed] = useState<false | { message: string | null }>(false);
  const clickRecorded = useRef(false);

  // A new render from the server (after a refresh) brings the truth: take its session.
  const [rendered, setRendered] = useState(director);
  if (rendered !== director) {
    setRendered(director);
    setSession(openSession(director));
  }

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

  const startError = startFailed ? (
    <Alert variant="error" id={ERROR_ID} tabIndex={-1} className="outline-none">
      {startFailed.message ?? t("startFailed")}
    </Alert>
  ) : null;

  if (session) {
    return (
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
      </>
    );
  }

  const status = director.status;
  const retry = status === "AwaitingIDInfo" && director.idvFailedAttempts > 0;
  return (
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
    </>
  );
}

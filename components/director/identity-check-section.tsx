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
 * Every state but the check to do renders here, on the server; the check to do (the start button,
 * the provider's frame and the wait for its result) is the client's: IdentityCheckStart.
 */
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { openSession, type IdentityCheckDirector } from "./identity-check-model";
import { IdentityCheckStart } from "./identity-check-start";

export interface IdentityCheckSectionProps {
  director: IdentityCheckDirector;
  headingLevel?: 2 | 3;
}

export function IdentityCheckSection({ director, headingLevel = 2 }: IdentityCheckSectionProps) {
  const t = useTranslations("identityCheck");
  const Heading = headingLevel === 3 ? "h3" : "h2";
  const { status } = director;
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
  if (!director.detailsComplete && !openSession(director)) {
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
  // Only what the check needs goes to the browser, not the director's whole record.
  const { sessionUrl, sessionExpiry, idvFailedAttempts, detailsComplete } = director;
  return section(<IdentityCheckStart director={{ status, sessionUrl, sessionExpiry, idvFailedAttempts, detailsComplete }} />);
}

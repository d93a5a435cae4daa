import { useTranslations } from "next-intl";
import { LinkList } from "@/components/ui/link-list";
import { hasDirectorMove } from "@/lib/domain/director-lifecycle";
import type { DirectorStatus } from "@/lib/domain/values";
import { JourneySection } from "./journey-section";
import { PersonalCodeForm } from "./personal-code-form";

/** GOV.UK's guidance on identity verification for Companies House, and on the personal code itself. */
export const GOV_UK_GUIDANCE = {
  verifying: "https://www.gov.uk/guidance/verifying-your-identity-for-companies-house",
  personalCodes: "https://www.gov.uk/guidance/companies-house-personal-codes-for-identity-verification",
} as const;

export interface PersonalCodeSectionProps {
  status: DirectorStatus;
  /** The code as received, masked (last three characters), once Complete. */
  codeMasked: string | null;
}

/**
 * Step 3 of the director's page: what the Companies House personal code is, how and when it comes,
 * links to GOV.UK, and the form to enter it once the identity is verified (the status machine's
 * `codeEntered` move: Verified or AwaitingAuthCode). Once Complete, the code received, masked.
 *
 * Wording checked against GOV.UK's "Companies House personal codes for identity verification"
 * (an 11 character code given once a person has verified; sent by Companies House to the email
 * address the agent gave; viewable under "Manage account" once saved to an account).
 */
export function PersonalCodeSection({ status, codeMasked }: PersonalCodeSectionProps) {
  const t = useTranslations("directorJourney.personalCode");
  const canEnter = hasDirectorMove("codeEntered", status);
  return (
    <JourneySection id="personal-code" titleId="personal-code-title" title={t("title")}>
      {status === "Complete" ? (
        <p data-testid="personal-code-received">{t("received", { code: codeMasked ?? "" })}</p>
      ) : (
        <>
          <div className="space-y-3" data-testid="personal-code-guidance">
            <h3 className="text-lg font-semibold">{t("whatTitle")}</h3>
            <p>{t("what")}</p>
            <h3 className="text-lg font-semibold">{t("whenTitle")}</h3>
            <p>{t("when")}</p>
            {/* needs review: GOV.UK gives no time for the code to arrive; "a few days" is our estimate. */}
            <p>{t("howLong")}</p>
            <p>{t("account")}</p>
            <p>{t("moreInfo")}</p>
            <LinkList
              className="list-disc space-y-1 pl-6"
              links={[
                { href: GOV_UK_GUIDANCE.verifying, label: t("guidanceLink"), external: true },
                { href: GOV_UK_GUIDANCE.personalCodes, label: t("codesLink"), external: true },
              ]}
            />
          </div>
          {canEnter ? (
            <>
              <p>{t("intro")}</p>
              <PersonalCodeForm />
            </>
          ) : (
            <p data-testid="personal-code-not-yet">{t("notYet")}</p>
          )}
        </>
      )}
    </JourneySection>
  );
}

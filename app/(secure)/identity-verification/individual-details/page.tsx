import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { UnsavedChangesProvider } from "@/components/ui/form/unsaved-changes";
import { DetailsForm } from "@/components/director/details-form";
import { DetailsSummary } from "@/components/director/details-summary";
import { EvidenceSection } from "@/components/director/evidence-section";
import { IdentityCheckSection } from "@/components/director/identity-check-section";
import { JourneySection } from "@/components/director/journey-section";
import { PersonalCodeSection } from "@/components/director/personal-code-section";
import { TaskList } from "@/components/director/task-list";
import { TitledPage } from "@/components/layout/page-layouts";
import { Alert } from "@/components/ui/alert";
import { StatusBadge } from "@/components/ui/status-badge";
import { getDb } from "@/db";
import { requirePageUser } from "@/lib/auth/guards";
import { refusedPageMetadata } from "@/lib/auth/refused-page-metadata";
import { countryOptions } from "@/lib/countries";
import { todayInUk } from "@/lib/domain/address-history";
import { directorTaskList } from "@/lib/domain/director-journey";
import { getOwnDirector } from "@/lib/server/directors/get-own-director";
import { getOwnPriorVerification } from "@/lib/server/companies-house/person-prior-offer";
import { PriorVerificationSection } from "@/components/director/prior-verification-section";
import { hasDirectorMove } from "@/lib/domain/director-lifecycle";
import { loadOrNotFound } from "@/lib/server/load-or-not-found";
import { ClientMessages } from "@/components/i18n/client-messages";

/** Titled as the 403 screen for anyone but a director. */
export async function generateMetadata(): Promise<Metadata> {
  const refused = await refusedPageMetadata("director.self.read");
  if (refused) return refused;
  const t = await getTranslations("directorJourney");
  return { title: t("metaTitle") };
}

/**
 * The director's journey on one page (DV_Director only, their own record), led by a task list (the
 * GOV.UK pattern: their details, the identity check, the Companies House personal code, each with
 * its state and a link to its section below), then what the next step is, and the sections: details
 * and address history, the identity check, any evidence asked for, and the personal code; the date
 * to be verified by when one binds them. Search parameters are ignored (the identity-check
 * provider may return here with its own).
 */
export default async function IndividualDetailsPage() {
  const user = await requirePageUser("director.self.read");
  const db = await getDb();
  const [t, director, priorOffer] = await Promise.all([getTranslations("directorJourney"), loadOrNotFound(getOwnDirector({ db, user })), loadOrNotFound(getOwnPriorVerification({ db, user }))]);
  const today = todayInUk();
  const editable = hasDirectorMove("detailsSaved", director.status);
  const showEvidence = director.status === "OutstandingIDInfo" || director.status === "UnderReview";
  const tasks = directorTaskList(director, new Date());

  return (
    <ClientMessages
      namespaces={[
        "clientDetail.unsaved",
        "clientDetail.validation",
        "common",
        "dateInput",
        "directorJourney.details",
        "directorJourney.personalCode",
        "directorJourney.priorVerification",
        "directorJourney.validation",
        "errorSummary",
        "evidence",
        "identityCheck",
        "validation",
      ]}
    >
      <UnsavedChangesProvider>
        <TitledPage title={director.name} description={t("title")}>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold">{t("company")}</dt>
            <dd>{director.client.name}</dd>
            <dt className="font-semibold">{t("reference")}</dt>
            <dd className="font-mono">{director.reference}</dd>
            <dt className="font-semibold">{t("status")}</dt>
            <dd>
              <StatusBadge kind="director" status={director.status} />
            </dd>
          </dl>

          {/* While documents are asked for, the identity check section gives way to the evidence section. */}
          <TaskList
            tasks={tasks}
            targets={director.status === "OutstandingIDInfo" ? { identityCheck: "supporting-documents" } : undefined}
            verifyBy={director.nextStep === "done" ? null : director.verifyBy}
          />

          <Alert variant={director.nextStep === "rejected" ? "warning" : director.nextStep === "done" ? "success" : "info"} title={t("nextTitle")} role="none">
            <p data-testid="next-step" data-step={director.nextStep}>
              {t(`next.${director.nextStep}`)}
            </p>
          </Alert>

          <JourneySection id="your-details" titleId="details-title" title={t("details.title")}>
            {editable ? (
              <>
                <p>{t("details.intro")}</p>
                <DetailsForm director={director} countries={countryOptions()} today={today} />
              </>
            ) : (
              <>
                <p>{t("details.locked")}</p>
                <DetailsSummary director={director} />
              </>
            )}
          </JourneySection>

          {/* Verified here before for another company: confirming it replaces the identity check (issue 20). */}
          {priorOffer ? <PriorVerificationSection offer={priorOffer} /> : null}
          <IdentityCheckSection director={director} />
          {showEvidence ? <EvidenceSection director={director} /> : null}

          {director.status === "Rejected" ? null : <PersonalCodeSection status={director.status} codeMasked={director.companiesHouseCodeMasked} />}
        </TitledPage>
      </UnsavedChangesProvider>
    </ClientMessages>
  );
}

import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PlainPage } from "@/components/layout/page-layouts";
import { JourneyChooser } from "@/components/requests/journey-chooser";
import { RequestForm } from "@/components/requests/request-form";
import { countryOptions } from "@/lib/countries";
import { getEnv } from "@/lib/env";
import { INDIVIDUALS_CSV_TEMPLATE_FILENAME, individualsCsvTemplate } from "@/lib/csv/individuals-import";
import { captchaBrowserConfig } from "@/lib/integrations/captcha";
import { requestPageViewOf } from "@/lib/schemas/request-page-view";
import { getRequestPricing } from "@/lib/server/requests/get-request-pricing";
import { ClientMessages } from "@/components/i18n/client-messages";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const view = requestPageViewOf(await searchParams);
  if (view.view === "chooser") {
    const t = await getTranslations("requestJourney");
    return { title: t(view.error ? "errorMetaTitle" : "metaTitle") };
  }
  const t = await getTranslations("requestForm");
  return { title: t("metaTitle") };
}

/**
 * The onboarding request: /requests/identity-verification/?journey=PayByCard|PayByInvoice|Existing
 * &companyName=…&lwdbNumber=… Without a journey it first asks how the company will pay (the journey
 * chooser; an unknown journey asks again with an error). A known journey with an empty companyName
 * or lwdbNumber is not a request page: the not-found error view. The country list is the one GET
 * /api/options serves, handed to the form with the page rather than fetched again.
 */
export default async function RequestVerificationPage({ searchParams }: Props) {
  const view = requestPageViewOf(await searchParams);
  if (view.view === "notFound") notFound();
  if (view.view === "chooser") {
    const [t, tj] = await Promise.all([getTranslations("requestForm"), getTranslations("requestJourney")]);
    return (
      <PlainPage title={t("title")} description={tj("intro")} width="narrow">
        <ClientMessages namespaces={["common", "requestJourney"]}>
          <JourneyChooser error={view.error} companyName={view.companyName} lwdbNumber={view.lwdbNumber} />
        </ClientMessages>
      </PlainPage>
    );
  }
  const { params } = view;
  const [t, pricing] = await Promise.all([getTranslations("requestForm"), getRequestPricing()]);
  return (
    <PlainPage title={t("title")} description={t(`intro.${params.journey}`)} width="narrow">
      <ClientMessages namespaces={["common", "dateInput", "errorSummary", "requestForm", "validation"]}>
        <RequestForm
          journey={params.journey}
          companyName={params.companyName}
          lwdbNumber={params.lwdbNumber}
          countries={countryOptions()}
          pricing={pricing}
          captcha={captchaBrowserConfig()}
          csvTemplate={individualsCsvTemplate()}
          csvTemplateFileName={INDIVIDUALS_CSV_TEMPLATE_FILENAME}
          holdInvitations={getEnv().HOLD_REQUEST_INVITATIONS}
        />
      </ClientMessages>
    </PlainPage>
  );
}

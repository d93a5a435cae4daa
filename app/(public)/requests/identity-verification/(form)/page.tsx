import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PlainPage } from "@/components/layout/page-layouts";
import { RequestForm } from "@/components/requests/request-form";
import { countryOptions } from "@/lib/countries";
import { INDIVIDUALS_CSV_TEMPLATE_FILENAME, individualsCsvTemplate } from "@/lib/csv/individuals-import";
import { captchaBrowserConfig } from "@/lib/integrations/captcha";
import { parseRequestPageParams } from "@/lib/schemas/request-page-params";
import { getRequestPricing } from "@/lib/server/requests/get-request-pricing";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("requestForm");
  return { title: t("metaTitle") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The onboarding request: /requests/identity-verification/?journey=PayByCard|PayByInvoice|Existing
 * &companyName=…&lwdbNumber=… A missing or unknown journey (or an empty companyName or lwdbNumber)
 * is not a request page: the not-found error view. The country list is the one GET /api/options
 * serves, handed to the form with the page rather than fetched again.
 */
export default async function RequestVerificationPage({ searchParams }: Props) {
  const params = parseRequestPageParams(await searchParams);
  if (!params) notFound();
  const [t, pricing] = await Promise.all([getTranslations("requestForm"), getRequestPricing()]);
  return (
    <PlainPage title={t("title")} description={t(`intro.${params.journey}`)} width="narrow">
      <RequestForm
        journey={params.journey}
        companyName={params.companyName}
        lwdbNumber={params.lwdbNumber}
        countries={countryOptions()}
        pricing={pricing}
        captcha={captchaBrowserConfig()}
        csvTemplate={individualsCsvTemplate()}
        csvTemplateFileName={INDIVIDUALS_CSV_TEMPLATE_FILENAME}
      />
    </PlainPage>
  );
}

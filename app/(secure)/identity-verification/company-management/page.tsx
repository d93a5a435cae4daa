import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { directorStatusValues, type DirectorStatus } from "@/lib/domain/values";
import { UnsavedChangesProvider } from "@/components/ui/form/unsaved-changes";
import { CompanyForm } from "@/components/company/company-form";
import { IndividualsSection } from "@/components/company/individuals-section";
import { RequestPayment } from "@/components/company/request-payment";
import { PlainPage } from "@/components/layout/page-layouts";
import { DescriptionList } from "@/components/ui/description-list";
import { clientSummaryItems } from "@/components/clients/client-summary-items";
import { getDb } from "@/db";
import { getCurrentUser } from "@/lib/auth/get-current-user";
import { requirePageUser } from "@/lib/auth/guards";
import { refusedPageMetadata } from "@/lib/auth/refused-page-metadata";
import { countryOptions } from "@/lib/countries";
import { INDIVIDUALS_CSV_TEMPLATE_FILENAME, individualsCsvTemplate } from "@/lib/csv/individuals-import";
import { pagerFor } from "@/lib/pager";
import { parseId } from "@/lib/parse-id";
import { getOwnCompany } from "@/lib/server/clients/get-own-company";
import { getOwnCompanyName } from "@/lib/server/clients/get-own-company-name";
import { getOwnPaymentDue } from "@/lib/server/payments/get-own-payment-due";
import { loadOrNotFound } from "@/lib/server/load-or-not-found";
import { ClientMessages } from "@/components/i18n/client-messages";

/** The title is the company's name (as the page's heading), for its own contact; others see the 403 screen's. */
export async function generateMetadata(): Promise<Metadata> {
  const refused = await refusedPageMetadata("company.read");
  if (refused) return refused;
  const [t, user] = await Promise.all([getTranslations("secure.company"), getCurrentUser()]);
  const name = user ? await getOwnCompanyName({ db: await getDb(), user }) : null;
  return { title: name ?? t("metaTitle") };
}

/** Individuals a page of the table shows. */
const PAGE_SIZE = 25;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The status filter from the address: one director status, else none (any other value is ignored). */
function statusFrom(value: string | string[] | undefined): DirectorStatus | null {
  const v = Array.isArray(value) ? value[0] : value;
  return v && (directorStatusValues as readonly string[]).includes(v) ? (v as DirectorStatus) : null;
}

/**
 * DV_CompanyContact only: their company (read-only facts, and the contact and billing details they
 * may change) and its individuals; while their request by card waits for payment, the amount due
 * and "Pay now". The status filter and page are in the address (`?status=&page=`).
 */
export default async function CompanyManagementPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requirePageUser("company.read");
  const db = await getDb();
  const [t, ts, company, paymentDue, params] = await Promise.all([
    getTranslations("secure.company"),
    getTranslations("statuses"),
    loadOrNotFound(getOwnCompany({ db, user })),
    loadOrNotFound(getOwnPaymentDue({ db, user })),
    searchParams,
  ]);
  const status = statusFrom(params.status);
  const matching = status ? company.directors.filter((d) => d.status === status) : company.directors;
  const requested = parseId(Array.isArray(params.page) ? params.page[0] : params.page) ?? 1;
  const pager = pagerFor(matching.length, requested, PAGE_SIZE);
  const rows = matching.slice((pager.currentPage - 1) * PAGE_SIZE, pager.currentPage * PAGE_SIZE);
  const addBlockedBy =
    company.productTier === "OneOff" && company.directorCount >= 1 ? "oneOffLimit" : company.journey === "PayByCard" && !company.paid ? "payFirst" : null;

  return (
    <PlainPage title={company.name}>
      <ClientMessages
        namespaces={[
          "clientDetail.unsaved",
          "clientDetail.validation",
          "common",
          "errorSummary",
          "requestForm.csv",
          "secure.company",
          "validation",
        ]}
      >
        <UnsavedChangesProvider>
          <div className="flex flex-col gap-10">
            <DescriptionList
              items={[
                ...clientSummaryItems(company, t, ts),
                { label: t("companyId"), value: company.companyId ?? t("notSet") },
                company.sageInvoiceNumber ? { label: t("invoiceNumber"), value: company.sageInvoiceNumber } : null,
              ].filter((item) => item !== null)}
            />
            {paymentDue ? <RequestPayment amountDue={paymentDue.amountDue} /> : null}
            <IndividualsSection
              rows={rows}
              total={company.directorCount}
              matching={matching.length}
              statusStats={company.statusStats}
              status={status}
              pager={pager}
              productTier={company.productTier}
              journey={company.journey}
              addBlockedBy={addBlockedBy}
              pricing={company.additionPricing}
              pendingAdditions={company.pendingAdditions}
              allEmails={company.directors.map((d) => d.email)}
              csvTemplate={individualsCsvTemplate()}
              csvTemplateFileName={INDIVIDUALS_CSV_TEMPLATE_FILENAME}
            />
            <CompanyForm company={company} countries={countryOptions()} />
          </div>
        </UnsavedChangesProvider>
      </ClientMessages>
    </PlainPage>
  );
}

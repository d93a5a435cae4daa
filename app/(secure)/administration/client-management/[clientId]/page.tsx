import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { ClientDirectorsExportButton } from "@/components/admin/export-buttons";
import { AuditTrail } from "@/components/admin/client-detail/audit-trail";
import { ClientForm } from "@/components/admin/client-detail/client-form";
import { DeleteClientButton } from "@/components/admin/client-detail/delete-client-button";
import { DirectorsSection } from "@/components/admin/client-detail/directors-section";
import { INDIVIDUALS_HEADING_ID, parseDirectorsView, type SearchParams } from "@/components/admin/client-detail/directors-view";
import { RaiseInvoiceButton } from "@/components/admin/client-detail/raise-invoice-button";
import { SendReminderButton } from "@/components/admin/client-detail/send-reminder-button";
import { UnsavedChangesProvider } from "@/components/ui/form/unsaved-changes";
import { PlainPage } from "@/components/layout/page-layouts";
import { Alert } from "@/components/ui/alert";
import { DescriptionList } from "@/components/ui/description-list";
import { clientSummaryItems } from "@/components/clients/client-summary-items";
import { getDb } from "@/db";
import { getCurrentUser } from "@/lib/auth/get-current-user";
import { requirePageUser } from "@/lib/auth/guards";
import { countryOptions } from "@/lib/countries";
import { getClientDetail } from "@/lib/server/clients/get-client-detail";
import { getClientName } from "@/lib/server/clients/get-client-name";
import { listRegisterFindings } from "@/lib/server/companies-house/register-check-findings";
import { parseId } from "@/lib/parse-id";
import { loadOrNotFound } from "@/lib/server/load-or-not-found";
import { getAdminOptions } from "@/lib/server/options/get-admin-options";
import { ClientMessages } from "@/components/i18n/client-messages";

/** The title names the client ("Hartwell Holdings Ltd – Clients"), for staff only. */
export async function generateMetadata({ params }: { params: Promise<{ clientId: string }> }): Promise<Metadata> {
  const [t, user, { clientId }] = await Promise.all([getTranslations("clientDetail"), getCurrentUser(), params]);
  const id = parseId(clientId);
  const name = user && id !== null ? await getClientName({ db: await getDb(), user, id }) : null;
  return { title: name ? t("metaTitleNamed", { name }) : t("metaTitle") };
}

/**
 * Admin only: one client (integer id; anything else is the 404 screen, decided by layout.tsx before
 * streaming): every field in sections, editable; its individuals with their details, overrides and
 * deletion; its audit trail. Edits go through the JSON Patch API; the page refreshes after each.
 */
export default async function ClientDetailPage({ params, searchParams }: { params: Promise<{ clientId: string }>; searchParams: Promise<SearchParams> }) {
  const user = await requirePageUser("admin.clients.read");
  const id = parseId((await params).clientId);
  if (id === null) notFound();
  const query = await searchParams;
  const view = parseDirectorsView(query);
  const db = await getDb();
  const [t, ts, format, detail, options] = await Promise.all([
    getTranslations("clientDetail"),
    getTranslations("statuses"),
    getFormatter(),
    loadOrNotFound(getClientDetail({ db, user, id, view: { ...view, status: view.status ?? undefined } })),
    getAdminOptions({ db, user }),
  ]);
  const { client, directors, directorsPager, directorTotals, audit, auditTruncated } = detail;
  // The register check and other records of the page's individuals (issue 20).
  const registerFindings = Object.fromEntries(await listRegisterFindings({ db, user, directorIds: directors.map((d) => d.id) }));
  const countries = countryOptions();
  const when = (d: Date) => format.dateTime(d, { dateStyle: "medium", timeStyle: "short" });

  return (
    <ClientMessages namespaces={["auditArea.types", "auditSentence", "clientDetail", "combobox", "common", "dateInput", "errorSummary", "evidence.kinds", "evidence.pack", "statuses", "validation"]}>
      <UnsavedChangesProvider>
        <PlainPage
          title={client.name}
          width="wide"
          actions={
            <>
              <ClientDirectorsExportButton clientId={client.id} />
              {/* The invoice job gave up (or never ran): an admin can ask for it again. */}
              {!client.isDeleted && client.journey === "PayByInvoice" && !client.sageInvoiceNumber ? <RaiseInvoiceButton clientId={client.id} /> : null}
              {/* Chase the contact now rather than wait for the schedule (the server says when it may not). */}
              {!client.isDeleted && client.status !== "Completed" ? <SendReminderButton clientId={client.id} /> : null}
              {!client.isDeleted ? <DeleteClientButton clientId={client.id} clientName={client.name} /> : null}
            </>
          }
        >
          <p className="mb-4">
            <Link href="/administration/client-management">{t("back")}</Link>
          </p>
          {client.isDeleted ? (
            <Alert variant="warning" role="none" className="mb-6" title={t("deletedTitle")}>
              {t("deletedBody", { reason: client.deleteReason ?? "" })}
            </Alert>
          ) : null}

          <section aria-label={t("summaryLabel")} className="mb-8">
            <DescriptionList
              items={[
                ...clientSummaryItems(client, (key) => t(`summary.${key}`), ts),
                {
                  label: t("summary.individuals"),
                  value: (
                    <>
                      {client.directorCount}
                      {client.statusStats.length ? <span className="text-ink-muted"> ({client.statusStats.map((s) => `${s.label}: ${s.count}`).join(", ")})</span> : null}
                    </>
                  ),
                },
                { label: t("summary.created"), value: t("byWhom", { when: when(client.createdAt), who: client.createdBy ?? t("notSet") }) },
                { label: t("summary.updated"), value: t("byWhom", { when: when(client.updatedAt), who: client.updatedBy ?? t("notSet") }) },
              ]}
            />
          </section>

          <nav aria-label={t("sectionsNavLabel")} className="mb-8">
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              <li>
                <a href="#client-form-title">{t("form.title")}</a>
              </li>
              <li>
                <a href={`#${INDIVIDUALS_HEADING_ID}`}>{t("sections.individuals")}</a>
              </li>
              <li>
                <a href="#audit-title">{t("sections.audit")}</a>
              </li>
            </ul>
          </nav>

          <div className="flex flex-col gap-12">
            <ClientForm client={client} assignees={options.assignees} countries={countries} readOnly={client.isDeleted} />

            <section aria-labelledby={INDIVIDUALS_HEADING_ID} className="render-when-near min-w-0">
              <h2 id={INDIVIDUALS_HEADING_ID} tabIndex={-1} className="mb-4 text-2xl font-bold outline-none">
                {t("sections.individuals")}
              </h2>
              <DirectorsSection
                directors={directors}
                pager={directorsPager}
                totals={directorTotals}
                view={view}
                path={`/administration/client-management/${client.id}`}
                searchParams={query}
                clientUnitPrice={client.unitPrice}
                countries={countries}
                registerFindings={registerFindings}
              />
            </section>

            <section aria-labelledby="audit-title" className="render-when-near min-w-0">
              <h2 id="audit-title" className="mb-4 text-2xl font-bold">
                {t("sections.audit")}
              </h2>
              {auditTruncated ? <p className="mb-3 text-sm text-ink-muted">{t("audit.truncated", { count: audit.length })}</p> : null}
              <AuditTrail entries={audit} />
            </section>
          </div>
        </PlainPage>
      </UnsavedChangesProvider>
    </ClientMessages>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { ClientDirectorsExportButton } from "@/components/admin/export-buttons";
import { AuditTrail } from "@/components/admin/client-detail/audit-trail";
import { ClientForm } from "@/components/admin/client-detail/client-form";
import { DeleteClientButton } from "@/components/admin/client-detail/delete-client-button";
import { DirectorsSection } from "@/components/admin/client-detail/directors-section";
import { UnsavedChangesProvider } from "@/components/admin/client-detail/unsaved-changes";
import { PlainPage } from "@/components/layout/page-layouts";
import { Alert } from "@/components/ui/alert";
import { StatusBadge } from "@/components/ui/status-badge";
import { getDb } from "@/db";
import { requirePageUser } from "@/lib/auth/guards";
import { countryOptions } from "@/lib/countries";
import { getClientDetail } from "@/lib/server/clients/get-client-detail";
import { parseId } from "@/lib/server/clients/get-client";
import { loadOrNotFound } from "@/lib/server/load-or-not-found";
import { getAdminOptions } from "@/lib/server/options/get-admin-options";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("clientDetail");
  return { title: t("metaTitle") };
}

/**
 * Admin only: one client (integer id; anything else is the 404 screen, decided by layout.tsx before
 * streaming): every field in sections, editable; its individuals with their details, overrides and
 * deletion; its audit trail. Edits go through the JSON Patch API; the page refreshes after each.
 */
export default async function ClientDetailPage({ params }: { params: Promise<{ clientId: string }> }) {
  const user = await requirePageUser("admin.clients.read");
  const id = parseId((await params).clientId);
  if (id === null) notFound();
  const db = await getDb();
  const [t, ts, format, detail, options] = await Promise.all([
    getTranslations("clientDetail"),
    getTranslations("statuses"),
    getFormatter(),
    loadOrNotFound(getClientDetail({ db, user, id })),
    getAdminOptions({ db, user }),
  ]);
  const { client, directors, audit, auditTruncated } = detail;
  const countries = countryOptions();
  const when = (d: Date) => format.dateTime(d, { dateStyle: "medium", timeStyle: "short" });

  return (
    <UnsavedChangesProvider>
      <PlainPage
        title={client.name}
        width="wide"
        actions={
          <>
            <ClientDirectorsExportButton clientId={client.id} />
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
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_minmax(0,1fr)]">
            <dt className="font-semibold">{t("summary.reference")}</dt>
            <dd className="font-mono">{client.reference}</dd>
            <dt className="font-semibold">{t("summary.status")}</dt>
            <dd>
              <StatusBadge kind="client" status={client.status} />
            </dd>
            <dt className="font-semibold">{t("summary.tier")}</dt>
            <dd>{ts(`productTier.${client.productTier}`)}</dd>
            <dt className="font-semibold">{t("summary.journey")}</dt>
            <dd>{ts(`journey.${client.journey}`)}</dd>
            <dt className="font-semibold">{t("summary.individuals")}</dt>
            <dd>
              {client.directorCount}
              {client.statusStats.length ? <span className="text-ink-muted"> ({client.statusStats.map((s) => `${s.label}: ${s.count}`).join(", ")})</span> : null}
            </dd>
            <dt className="font-semibold">{t("summary.created")}</dt>
            <dd className="break-words">{t("byWhom", { when: when(client.createdAt), who: client.createdBy ?? t("notSet") })}</dd>
            <dt className="font-semibold">{t("summary.updated")}</dt>
            <dd className="break-words">{t("byWhom", { when: when(client.updatedAt), who: client.updatedBy ?? t("notSet") })}</dd>
          </dl>
        </section>

        <nav aria-label={t("sectionsNavLabel")} className="mb-8">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <a href="#client-form-title">{t("form.title")}</a>
            </li>
            <li>
              <a href="#individuals-title">{t("sections.individuals")}</a>
            </li>
            <li>
              <a href="#audit-title">{t("sections.audit")}</a>
            </li>
          </ul>
        </nav>

        <div className="flex flex-col gap-12">
          <ClientForm client={client} assignees={options.assignees} countries={countries} readOnly={client.isDeleted} />

          <section aria-labelledby="individuals-title" className="min-w-0">
            <h2 id="individuals-title" tabIndex={-1} className="mb-4 text-2xl font-bold outline-none">
              {t("sections.individuals")}
            </h2>
            <DirectorsSection directors={directors} clientUnitPrice={client.unitPrice} countries={countries} />
          </section>

          <section aria-labelledby="audit-title" className="min-w-0">
            <h2 id="audit-title" className="mb-4 text-2xl font-bold">
              {t("sections.audit")}
            </h2>
            {auditTruncated ? <p className="mb-3 text-sm text-ink-muted">{t("audit.truncated", { count: audit.length })}</p> : null}
            <AuditTrail entries={audit} />
          </section>
        </div>
      </PlainPage>
    </UnsavedChangesProvider>
  );
}

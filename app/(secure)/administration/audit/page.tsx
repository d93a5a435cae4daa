import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuditEntryList } from "@/components/admin/audit/audit-entry-list";
import { AuditFilters } from "@/components/admin/audit/audit-filters";
import { auditHref } from "@/components/admin/audit/audit-url";
import { AuditViews } from "@/components/admin/audit/audit-views";
import { SecurityEventFilters, SecurityEventList } from "@/components/admin/audit/security-event-list";
import { PlainPage } from "@/components/layout/page-layouts";
import { Alert } from "@/components/ui/alert";
import { Pagination } from "@/components/ui/pagination";
import { getDb } from "@/db";
import { requirePageUser } from "@/lib/auth/guards";
import type { Principal } from "@/lib/auth/principal";
import { fieldErrors } from "@/lib/http";
import type { Pager } from "@/lib/pager";
import { auditQuerySchema, firstValues, securityEventQuerySchema } from "@/lib/schemas/audit-query";
import { findAuditEntries } from "@/lib/server/audit/find-audit-entries";
import { listSecurityEvents } from "@/lib/server/audit/list-security-events";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auditArea");
  return { title: t("metaTitle") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Admin only: the audit trail (filters and page in the URL), and the security events view. */
export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requirePageUser("admin.audit.read");
  const [t, values] = await Promise.all([getTranslations("auditArea"), searchParams.then(firstValues)]);
  const view = values.view === "security" ? "security" : "audit";
  return (
    <ClientMessages namespaces={["common"]}>
      <PlainPage title={t("title")} description={t("description")} width="wide">
        <AuditViews current={view} />
        {view === "security" ? <SecurityView user={user} values={values} /> : <AuditView user={user} values={values} />}
      </PlainPage>
    </ClientMessages>
  );
}

async function AuditView({ user, values }: { user: Principal; values: Record<string, string> }) {
  const t = await getTranslations("auditArea");
  const parsed = auditQuerySchema.safeParse(values);
  if (!parsed.success) {
    return (
      <>
        <Alert variant="error" title={t("filters.invalidTitle")} className="mb-6">
          {t("filters.invalidBody")}
        </Alert>
        <AuditFilters values={values} errors={fieldErrors(parsed.error)} />
      </>
    );
  }
  const query = parsed.data;
  const { entries, pager } = await findAuditEntries({ db: await getDb(), user, query });
  const filtered = Boolean(query.auditType || query.errorsOnly || query.entityType || query.entityId || query.clientId || query.directorId || query.from || query.to);
  const hrefFor = (page: number) => auditHref({ ...values, page });
  return (
    <>
      <AuditFilters values={values} />
      <section aria-labelledby="audit-results-title" className="mt-6">
        <h2 id="audit-results-title" className="sr-only">
          {t("results")}
        </h2>
        {entries.length === 0 ? (
          pager.totalCount > 0 ? (
            <p>
              {t("pagination.beyondEnd", { total: pager.totalCount })} <Link href={hrefFor(1)}>{t("pagination.first")}</Link>
            </p>
          ) : (
            <p className="rounded-md border border-dashed border-line p-6 text-center">{filtered ? t("empty") : t("emptyAll")}</p>
          )
        ) : (
          <AuditEntryList entries={entries} />
        )}
        <AuditPagination pager={pager} hrefFor={hrefFor} />
      </section>
    </>
  );
}

async function SecurityView({ user, values }: { user: Principal; values: Record<string, string> }) {
  const t = await getTranslations("auditArea");
  const parsed = securityEventQuerySchema.safeParse(values);
  const query = parsed.success ? parsed.data : securityEventQuerySchema.parse({});
  const { events, pager } = await listSecurityEvents({ db: await getDb(), user, query });
  const hrefFor = (page: number) => auditHref({ view: "security", event: query.event, pageSize: values.pageSize, page });
  return (
    <>
      {parsed.success ? null : (
        <Alert variant="error" title={t("filters.invalidTitle")} className="mb-6">
          {t("filters.invalidBody")}
        </Alert>
      )}
      <SecurityEventFilters event={query.event} />
      <SecurityEventList events={events} />
      <AuditPagination pager={pager} hrefFor={hrefFor} />
    </>
  );
}

/** Pages of either view: "Showing 1–25 of 120" (announced when it changes) and the page links. */
async function AuditPagination({ pager, hrefFor }: { pager: Pager; hrefFor: (page: number) => string }) {
  const t = await getTranslations("auditArea.pagination");
  const { totalCount, itemFromNo, itemToNo } = pager;
  return (
    <Pagination
      pager={pager}
      hrefFor={hrefFor}
      className="mt-6"
      summary={<p aria-live="polite">{totalCount === 0 ? t("none") : t("showing", { from: itemFromNo, to: itemToNo, total: totalCount })}</p>}
    />
  );
}

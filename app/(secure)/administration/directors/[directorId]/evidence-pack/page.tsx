import type { Metadata } from "next";
import type { ReactNode } from "react";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { PrintButton } from "@/components/admin/print-button";
import { RegisterFindingsView } from "@/components/admin/client-detail/register-findings";
import { PlainPage } from "@/components/layout/page-layouts";
import { DescriptionList } from "@/components/ui/description-list";
import { ListTable, type ListColumn } from "@/components/ui/list-table";
import { getDb } from "@/db";
import { documentTypeKey } from "@/lib/domain/media-name";
import { getCurrentUser } from "@/lib/auth/get-current-user";
import { requirePageUser } from "@/lib/auth/guards";
import { countryOptions } from "@/lib/countries";
import { parseId } from "@/lib/parse-id";
import { listRegisterFindings } from "@/lib/server/companies-house/register-check-findings";
import { getDirectorName } from "@/lib/server/directors/get-director-name";
import { getSovInfo, type SovAddress } from "@/lib/server/directors/get-sov-info";
import { loadOrNotFound } from "@/lib/server/load-or-not-found";

/** The title names the individual ("Evidence pack – James Whitaker"), for staff only. */
export async function generateMetadata({ params }: { params: Promise<{ directorId: string }> }): Promise<Metadata> {
  const [t, user, { directorId }] = await Promise.all([getTranslations("evidence.pack"), getCurrentUser(), params]);
  const id = parseId(directorId);
  const name = user && id !== null ? await getDirectorName({ db: await getDb(), user, id }) : null;
  return { title: name ? t("metaTitleNamed", { name }) : t("metaTitle") };
}

/** A former name as stored: plain text, or `{ name, from?, to? }` with the dates it was used. */
function formerNameText(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "name" in value && typeof value.name === "string") {
    const v = value as { name: string; from?: unknown; to?: unknown; startDate?: unknown; endDate?: unknown };
    const from = v.from ?? v.startDate;
    const to = v.to ?? v.endDate;
    const dates = [from, to].filter((d): d is string => typeof d === "string");
    return dates.length ? `${v.name} (${dates.join(" – ")})` : v.name;
  }
  return null;
}

/** A part of the pack, named by its heading. */
function PackSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Admin only: the evidence pack of one director, laid out to print (the statement-of-verification
 * record an Authorised Corporate Service Provider keeps for 7 years): the person, the identity
 * document, the provider's checks, the address history, the uploaded evidence with hashes, the
 * dates verified and sent to Companies House, and who verified. The same data as GET
 * /api/admin/director-verification/directors/{id}/sov-info.
 */
export default async function EvidencePackPage({ params }: { params: Promise<{ directorId: string }> }) {
  const user = await requirePageUser("admin.directors.read");
  const id = parseId((await params).directorId);
  if (id === null) notFound();
  const [t, ts, td, format, sov] = await Promise.all([
    getTranslations("evidence.pack"),
    getTranslations("statuses.director"),
    getTranslations("clientDetail.director.documentTypes"),
    getFormatter(),
    loadOrNotFound(getSovInfo({ db: await getDb(), user, id })),
  ]);
  // The register check and the person's other records (issue 20), kept with the evidence.
  const registerFindings = (await listRegisterFindings({ db: await getDb(), user, directorIds: [id] })).get(id);
  const countries = new Map(countryOptions().map((c) => [c.value, c.label]));
  const none = t("none");
  const day = (iso: string | null) => (iso ? format.dateTime(new Date(`${iso.slice(0, 10)}T12:00:00Z`), { dateStyle: "long", timeZone: "UTC" }) : t("notYet"));
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const addressText = (a: SovAddress) => [a.addressLine1, a.addressLine2, a.addressLine3, a.city, a.state, a.postcode, a.country ? (countries.get(a.country) ?? a.country) : null].filter(Boolean).join(", ");
  const formerNames = sov.formerNames.map(formerNameText).filter((n): n is string => n !== null);
  const verifiedBy = !sov.verifiedBy ? t("notYet") : sov.verifiedBy.kind === "admin" ? `${sov.verifiedBy.email} (${when(sov.verifiedBy.at)})` : `Yoti (${when(sov.verifiedBy.at)})`;

  const checksColumns: ListColumn<(typeof sov.checks)[number]>[] = [
    { label: t("checkType"), cell: (c) => c.type ?? none },
    { label: t("checkResult"), cell: (c) => c.recommendation ?? none },
    { label: t("checkState"), cell: (c) => c.state ?? none },
    { label: t("checkId"), className: "font-mono break-all", cell: (c) => c.yotiCheckId },
    { label: t("checkDate"), cell: (c) => (c.created ? when(c.created) : none) },
  ];
  const addressesColumns: ListColumn<(typeof sov.addressHistory)[number]>[] = [
    { label: t("address"), cell: (a) => addressText(a) },
    { label: t("from"), cell: (a) => (a.startDate ? day(a.startDate) : none) },
    { label: t("to"), cell: (a) => (a.endDate ? day(a.endDate) : t("current")) },
  ];
  const filesColumns: ListColumn<(typeof sov.files)[number]>[] = [
    {
      label: t("fileName"),
      className: "break-all",
      cell: (f) => (
        <>
          {f.fileName}
          {f.withdrawnByDirectorAt ? <span className="block text-xs text-ink-muted">{t("withdrawnByDirector", { date: when(f.withdrawnByDirectorAt) })}</span> : null}
        </>
      ),
    },
    { label: t("fileType"), cell: (f) => f.fileType },
    { label: t("uploadedAt"), cell: (f) => when(f.createdAt) },
    { label: t("sha256"), className: "font-mono text-xs break-all", cell: (f) => f.sha256 },
  ];
  return (
    <PlainPage
      title={t("title", { name: sov.name })}
      width="wide"
      description={t("intro", { acsp: sov.acspName })}
      actions={
        <>
          {sov.clientId ? (
            <Link href={`/administration/client-management/${sov.clientId}`} className="self-center text-navy-700 underline print:hidden">
              {t("back")}
            </Link>
          ) : null}
          <PrintButton label={t("print")} />
        </>
      }
    >
      <div className="space-y-8">
        <PackSection id="pack-person" title={t("person")}>
          <DescriptionList
            columns={2}
            items={[
              { label: t("name"), value: sov.name },
              { label: t("firstName"), value: sov.firstName ?? none },
              { label: t("lastName"), value: sov.lastName ?? none },
              { label: t("dateOfBirth"), value: sov.dateOfBirth ? day(sov.dateOfBirth) : none },
              { label: t("formerNames"), value: formerNames.length ? formerNames.join("; ") : none },
              { label: t("company"), value: sov.companyName ?? none },
              { label: t("reference"), value: sov.reference ?? none },
              { label: t("status"), value: ts(sov.status) },
            ]}
          />
        </PackSection>

        <PackSection id="pack-document" title={t("document")}>
          {sov.documents.length ? (
            sov.documents.map((d, i) => (
              <DescriptionList
                key={i}
                columns={2}
                items={[
                  // The provider's type in words ("Passport"); a type we have no words for as it came.
                  { label: t("documentType"), value: d.type ? (documentTypeKey(d.type) === "other" ? d.type : td(documentTypeKey(d.type))) : none },
                  { label: t("issuingCountry"), value: d.issuingCountry ?? none },
                  { label: t("expiry"), value: d.expiry ? day(d.expiry) : none },
                  { label: t("documentNumber"), value: d.reference ?? none },
                ]}
              />
            ))
          ) : (
            <p>{t("noDocument")}</p>
          )}
        </PackSection>

        <PackSection id="pack-checks" title={t("checks")}>
          <ListTable caption={t("checks")} scroll="none" empty={t("noChecks")} rows={sov.checks} rowKey={(c) => c.id} columns={checksColumns} />
        </PackSection>

        <PackSection id="pack-addresses" title={t("addresses")}>
          <ListTable caption={t("addresses")} scroll="none" empty={t("noAddresses")} rows={sov.addressHistory} rowKey={(_, i) => i} columns={addressesColumns} />
        </PackSection>

        <PackSection id="pack-files" title={t("files")}>
          <ListTable caption={t("files")} scroll="none" empty={t("noFiles")} rows={sov.files} rowKey={(f) => f.id} columns={filesColumns} />
        </PackSection>

        <PackSection id="pack-verification" title={t("verification")}>
          <DescriptionList
            columns={2}
            items={[
              { label: t("dateVerified"), value: day(sov.dateVerified) },
              { label: t("dateToCompaniesHouse"), value: day(sov.dateToCompaniesHouse) },
              { label: t("verifiedBy"), value: verifiedBy },
              { label: t("idvNumber"), value: sov.idvNumber ?? none },
            ]}
          />
          {sov.evidenceDeletedAt ? <p className="mt-2">{t("evidenceDeleted", { date: when(sov.evidenceDeletedAt) })}</p> : sov.retainedUntil ? <p className="mt-2">{t("retainedUntil", { date: day(sov.retainedUntil) })}</p> : null}
        </PackSection>

        <RegisterFindingsView findings={registerFindings} headingLevel={2} />
      </div>
    </PlainPage>
  );
}

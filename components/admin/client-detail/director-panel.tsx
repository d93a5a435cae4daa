"use client";

import { useState, type Key, type ReactNode } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import type { OptionItem } from "@/lib/countries";
import { hasDirectorMove } from "@/lib/domain/director-lifecycle";
import type { ClientDetailDirector } from "@/lib/server/clients/get-client-detail";
import { useMoney } from "@/lib/ui-helpers/use-money";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DescriptionList } from "@/components/ui/description-list";
import { ExternalLink } from "@/components/ui/external-link";
import { StatusBadge } from "@/components/ui/status-badge";
import { ListTable, type ListColumn } from "@/components/ui/list-table";
import { useToastMessages } from "@/components/ui/toast";
import { sendDelete } from "./api";
import { documentTypeKey, mediaNames } from "@/lib/domain/media-name";
import { AuditTrail } from "./audit-trail";
import { DeleteDialog } from "./delete-dialog";
import { DirectorForm } from "./director-form";
import { PriceOverrideDialog, StatusOverrideDialog } from "./override-dialogs";
import { ReopenDialog, ReviewDecisionDialog } from "./review-dialogs";
import { SendReminderButton } from "./send-reminder-button";
import type { RegisterFindings } from "@/lib/server/companies-house/register-check-findings";
import { RegisterCheckActions } from "./register-check-dialogs";
import { RegisterFindingsView } from "./register-findings";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0">
      <h4 className="mb-2 text-lg font-bold">{title}</h4>
      {children}
    </section>
  );
}

/** A bulleted list, one item per entry, or the `empty` sentence when there are none. */
function BulletList<T>({
  items,
  itemKey,
  empty,
  children,
}: {
  items: readonly T[];
  itemKey: (item: T, index: number) => Key;
  empty: string;
  children: (item: T, index: number) => ReactNode;
}) {
  if (!items.length) return <p>{empty}</p>;
  return (
    <ul className="list-disc pl-6">
      {items.map((item, i) => (
        <li key={itemKey(item, i)}>{children(item, i)}</li>
      ))}
    </ul>
  );
}

/**
 * Everything about one director: details (editable), overrides, address history, former names,
 * checks, media, files, statement-of-verification data and audit trail, with the actions.
 */
export function DirectorPanel({
  director,
  clientUnitPrice,
  countries,
  countryName,
  onDeleted,
  registerFindings,
}: {
  director: ClientDetailDirector;
  clientUnitPrice: number | null;
  countries: OptionItem[];
  countryName: (code: string | null) => string | null;
  /** Called once the director is deleted, before the page refreshes (the list moves focus). */
  onDeleted: (directorId: number) => void;
  /** Their Companies House register check and other records (issue 20). */
  registerFindings?: RegisterFindings;
}) {
  const t = useTranslations("clientDetail.director");
  const tc = useTranslations("clientDetail");
  const ts = useTranslations("statuses.director");
  const tEvidence = useTranslations("evidence.pack");
  const format = useFormatter();
  const router = useRouter();
  const toastMessage = useToastMessages();
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<"status" | "price" | "delete" | "review" | "reopen" | null>(null);

  const notSet = tc("notSet");
  const money = useMoney(notSet);
  const day = (d: string | null) => (d ? format.dateTime(new Date(`${d}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" }) : notSet);
  const when = (d: Date | string | null) => (d ? format.dateTime(new Date(d), { dateStyle: "medium", timeStyle: "short" }) : notSet);
  const kiloBytes = (bytes: number) => format.number(bytes / 1024, { maximumFractionDigits: 0 });
  const base = `/api/admin/director-verification/directors/${director.id}`;
  // Media named by kind ("Passport, front", "Selfie"), in the order they were created.
  const documentName = t(`documentTypes.${documentTypeKey(director.sov.documents[0]?.type)}`);
  const mediaLabels = mediaNames(director.directorMedias).map(({ kind, number, of }) =>
    t(`mediaNames.${kind}`, { document: documentName, page: number, number, of }),
  );
  const address = [director.addressLine1, director.addressLine2, director.addressLine3, director.city, director.state, director.postcode, countryName(director.country)].filter(Boolean).join(", ");

  async function confirmDelete(reason: string) {
    const result = await sendDelete(`/api/admin/director/${director.id}/delete`, reason);
    if (!result.ok) {
      toastMessage.error("directorDeleteFailed");
      return false;
    }
    toastMessage.success("directorDeleted", { values: { name: director.name } });
    onDeleted(director.id);
    router.refresh();
    return true;
  }

  const addressesColumns: ListColumn<(typeof director.directorAddresses)[number]>[] = [
    { label: t("address"), cell: (a) => [a.addressLine1, a.addressLine2, a.addressLine3, a.city, a.state, a.postcode, countryName(a.country)].filter(Boolean).join(", ") },
    { label: t("from"), className: "sm:whitespace-nowrap", cell: (a) => day(a.startDate) },
    { label: t("to"), className: "sm:whitespace-nowrap", cell: (a) => (a.endDate ? day(a.endDate) : t("current")) },
  ];
  const checksColumns: ListColumn<(typeof director.directorChecks)[number]>[] = [
    { label: t("checkType"), cell: (c) => c.type ?? notSet },
    { label: t("checkState"), cell: (c) => c.state ?? notSet },
    { label: t("checkResult"), cell: (c) => c.recommendation ?? notSet },
    { label: t("checkDate"), className: "sm:whitespace-nowrap", cell: (c) => when(c.created) },
    { label: t("checkId"), className: "font-mono text-xs break-all", cell: (c) => c.yotiCheckId },
  ];
  return (
    <div className="flex flex-col gap-6 py-2">
      {director.isDeleted ? (
        <Alert variant="warning" role="none">
          {tc("directorDeletedBody", { reason: director.deleteReason ?? "" })}
        </Alert>
      ) : null}

      <Section title={t("details")}>
        {editing ? (
          <DirectorForm director={director} countries={countries} onDone={() => setEditing(false)} />
        ) : (
          <div className="flex flex-col gap-3">
            <DescriptionList
              items={[
                { label: t("fields.name"), value: director.name },
                { label: t("fields.firstName"), value: director.firstName ?? notSet },
                { label: t("fields.lastName"), value: director.lastName ?? notSet },
                { label: t("fields.email"), value: <span className="break-all">{director.email}</span> },
                { label: t("fields.reference"), value: <span className="font-mono">{director.reference}</span> },
                { label: t("address"), value: address || notSet },
                { label: t("fields.currentAddressStartDate"), value: day(director.currentAddressStartDate) },
                { label: t("fields.idvNumber"), value: director.idvNumber ?? notSet },
                { label: t("fields.companiesHouseCode"), value: director.companiesHouseCode ? <span className="font-mono">{director.companiesHouseCode}</span> : notSet },
                { label: t("fields.dateToCompaniesHouse"), value: day(director.dateToCompaniesHouse) },
                { label: t("fields.verificationCompletedAt"), value: when(director.verificationCompletedAt) },
                { label: t("fields.yotiLinkClicked"), value: director.yotiLinkClicked ? tc("yes") : tc("no") },
                { label: t("fields.sessionExpiry"), value: when(director.sessionExpiry) },
                { label: t("fields.reminders"), value: String(director.reminderCount) },
                { label: t("fields.lastReminderDate"), value: when(director.lastReminderDate) },
                { label: t("fields.idvReminders"), value: String(director.idvReminderCount) },
                { label: t("fields.lastIDVReminderDate"), value: when(director.lastIDVReminderDate) },
                { label: t("fields.created"), value: tc("byWhom", { when: when(director.createdAt), who: director.createdBy ?? notSet }) },
                { label: t("fields.updated"), value: tc("byWhom", { when: when(director.updatedAt), who: director.updatedBy ?? notSet }) },
              ]}
            />
            {!director.isDeleted ? (
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                  {t("edit")}
                </Button>
                {director.status !== "Complete" && director.status !== "Rejected" ? <SendReminderButton clientId={director.clientId} directorId={director.id} /> : null}
              </div>
            ) : null}
          </div>
        )}
      </Section>

      <Section title={t("fields.status")}>
        <DescriptionList
          items={[
            { label: t("fields.status"), value: <StatusBadge kind="director" status={director.status} /> },
            ...(director.statusOverride
              ? [
                  { label: t("fields.statusOriginal"), value: director.statusOriginal ? ts(director.statusOriginal) : notSet },
                  { label: t("fields.statusOverrideReason"), value: director.statusOverrideReason ?? notSet },
                ]
              : []),
            { label: t("fields.price"), value: director.priceOverride !== null ? money(director.priceOverride) : tc("director.fields.clientPrice", { amount: money(clientUnitPrice) }) },
            ...(director.priceOverride !== null ? [{ label: t("fields.priceOverrideReason"), value: director.priceOverrideReason ?? notSet }] : []),
          ]}
        />
      </Section>

      <RegisterFindingsView findings={registerFindings} actions={director.isDeleted ? null : <RegisterCheckActions director={director} findings={registerFindings} />} />

      <Section title={t("addressHistory")}>
        <ListTable caption={t("addressHistory")} scroll="region" empty={t("noAddresses")} rows={director.directorAddresses} rowKey={(a) => a.id} columns={addressesColumns} />
      </Section>

      <Section title={t("formerNames")}>
        <BulletList
          items={director.formerNames}
          itemKey={(n, i) => `${i}-${n}`}
          empty={t("noFormerNames")}
        >
          {(n) => n}
        </BulletList>
      </Section>

      <Section title={t("checks")}>
        <ListTable caption={t("checks")} scroll="region" empty={t("noChecks")} rows={director.directorChecks} rowKey={(c) => c.id} columns={checksColumns} />
      </Section>

      <Section title={t("media")}>
        <BulletList items={director.directorMedias} itemKey={(m) => m.id} empty={t("noMedia")}>
          {(m, i) => (
            <>
              <ExternalLink href={`${base}/yoti-media/${m.id}`}>
                {t("openMedia", { name: mediaLabels[i]! })}
              </ExternalLink>
              <span className="text-sm text-ink-muted"> · {when(m.created)}</span>
            </>
          )}
        </BulletList>
      </Section>

      <Section title={t("files")}>
        <BulletList items={director.directorFiles} itemKey={(f) => f.id} empty={t("noFiles")}>
          {(f) => (
            <>
              <a href={`${base}/file/${f.id}`} download>
                {t("download", { name: f.fileName })}
              </a>
              <span className="text-sm text-ink-muted">
                {" · "}
                {t(`fileTypes.${f.fileType}`)} · {kiloBytes(f.sizeBytes)} KB · {when(f.createdAt)}
              </span>
              {f.hiddenAt ? (
                <span className="block text-sm font-semibold text-ink-muted">
                  {tEvidence("withdrawnByDirector", { date: when(f.hiddenAt) })}
                </span>
              ) : null}
            </>
          )}
        </BulletList>
      </Section>

      <Section title={t("sov")}>
        <DescriptionList
          items={[
            { label: t("sovName"), value: director.sov.name },
            { label: t("sovDateVerified"), value: director.sov.dateVerified ? day(director.sov.dateVerified) : t("sovNotVerified") },
            ...director.sov.documents.flatMap((d, i) => [
              { label: `${t("sovDocument")}${director.sov.documents.length > 1 ? ` ${i + 1}` : ""}`, value: d.type ?? notSet },
              { label: `${t("sovDocumentReference")}${director.sov.documents.length > 1 ? ` ${i + 1}` : ""}`, value: d.reference ?? notSet },
              { label: `${t("sovDocumentExpiry")}${director.sov.documents.length > 1 ? ` ${i + 1}` : ""}`, value: d.expiry ?? notSet },
              { label: `${t("sovDocumentCountry")}${director.sov.documents.length > 1 ? ` ${i + 1}` : ""}`, value: d.issuingCountry ?? notSet },
            ]),
            { label: t("sovChecks"), value: director.sov.checks.length ? director.sov.checks.map((c) => `${c.type ?? "?"}: ${c.recommendation ?? c.state ?? "?"}`).join("; ") : t("noChecks") },
            { label: t("sovAcsp"), value: director.sov.acspName },
          ]}
        />
        <p className="mt-2">
          <ExternalLink href={`${base}/sov-info`}>{t("sovJson")}</ExternalLink>
          {" · "}
          <Link href={`/administration/directors/${director.id}/evidence-pack`} className="text-navy-700 underline">
            {tEvidence("open")}
          </Link>
        </p>
      </Section>

      <Section title={t("audit")}>
        <AuditTrail entries={director.audit} headingLevel={5} />
      </Section>

      {!director.isDeleted ? (
        <section aria-label={t("actions")} className="flex flex-wrap gap-3 border-t border-line-soft pt-4">
          {/* What the status machine offers from the status shown (the server checks it again). */}
          {hasDirectorMove("reviewApproved", director.status) ? (
            <Button size="sm" onClick={() => setDialog("review")}>
              {t("decideReview")}
            </Button>
          ) : null}
          {hasDirectorMove("reopened", director.status) ? (
            <Button size="sm" onClick={() => setDialog("reopen")}>
              {t("reopen")}
            </Button>
          ) : null}
          <Button variant="secondary" size="sm" onClick={() => setDialog("status")}>
            {t("overrideStatus")}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setDialog("price")}>
            {t("overridePrice")}
          </Button>
          <Button variant="danger" size="sm" onClick={() => setDialog("delete")}>
            {t("delete")}
          </Button>
        </section>
      ) : null}

      <StatusOverrideDialog director={director} open={dialog === "status"} onClose={() => setDialog(null)} />
      <PriceOverrideDialog director={director} open={dialog === "price"} onClose={() => setDialog(null)} />
      <ReviewDecisionDialog director={director} open={dialog === "review"} onClose={() => setDialog(null)} />
      <ReopenDialog director={director} open={dialog === "reopen"} onClose={() => setDialog(null)} />
      <DeleteDialog
        open={dialog === "delete"}
        onClose={() => setDialog(null)}
        title={tc("deleteDirector.title", { name: director.name })}
        description={tc("deleteDirector.description")}
        reasonLabel={tc("deleteDirector.reason")}
        submitLabel={tc("deleteDirector.submit")}
        cancelLabel={tc("deleteDirector.cancel")}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

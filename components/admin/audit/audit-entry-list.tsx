import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import type { AuditEntry } from "@/db/schema";
import { DescriptionList } from "@/components/ui/description-list";
import { AuditDiff } from "./audit-diff";
import { AuditTypeBadge } from "./audit-type-badge";
import { auditHref } from "./audit-url";

function clientPage(clientId: number) {
  return `/administration/client-management/${clientId}`;
}

/** One audit entry: action, type, entity (linking to the client), user, time and the change. */
function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const t = useTranslations("auditArea");
  const format = useFormatter();
  const isError = entry.auditType.endsWith("Error");
  const headingId = `audit-entry-${entry.id}`;
  const entityText =
    entry.clientId && entry.entityType !== "Client"
      ? t("entityOfClient", { type: entry.entityType, id: entry.entityId ?? "", clientId: entry.clientId })
      : t("entityLabel", { type: entry.entityType, id: entry.entityId ?? "" });
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className={isError ? "rounded-md border border-l-4 border-line-soft border-l-danger p-4" : "rounded-md border border-line-soft p-4"}
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={headingId} className="text-base font-semibold text-ink">
            {entry.action}
          </h3>
          <AuditTypeBadge type={entry.auditType} />
        </div>
        <DescriptionList
          columns={2}
          size="sm"
          className="mt-2"
          items={[
            {
              label: t("when"),
              value: <time dateTime={entry.timestamp.toISOString()}>{format.dateTime(entry.timestamp, { dateStyle: "medium", timeStyle: "medium" })}</time>,
            },
            { label: t("user"), value: <span className="break-all">{entry.user ?? t("noUser")}</span> },
            {
              label: t("entity"),
              value: (
                <span className="flex flex-wrap gap-x-3">
                  {entry.clientId ? <Link href={clientPage(entry.clientId)}>{entityText}</Link> : <span>{entityText}</span>}
                  {entry.entityId ? (
                    <Link href={auditHref({ entityType: entry.entityType, entityId: entry.entityId })} aria-label={t("entityHistoryLabel", { type: entry.entityType, id: entry.entityId })}>
                      {t("entityHistory")}
                    </Link>
                  ) : null}
                </span>
              ),
            },
            entry.ip ? { label: t("ip"), value: <span className="break-all">{entry.ip}</span> } : null,
          ]}
        />
        {entry.oldValue != null || entry.newValue != null ? (
          <div className="mt-3">
            <AuditDiff oldValue={entry.oldValue} newValue={entry.newValue} label={entry.action} />
          </div>
        ) : null}
      </article>
    </li>
  );
}

/** The entries of one page, newest first. */
export function AuditEntryList({ entries }: { entries: AuditEntry[] }) {
  return (
    <ol className="flex flex-col gap-3">
      {entries.map((e) => (
        <AuditEntryItem key={e.id} entry={e} />
      ))}
    </ol>
  );
}

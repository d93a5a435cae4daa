import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { DescriptionList } from "@/components/ui/description-list";
import { auditActor, auditSentence } from "@/lib/domain/audit-sentence";
import type { NamedAuditEntry } from "@/lib/server/audit/name-audit-entries";
import { AuditDiff } from "./audit-diff";
import { AuditTypeBadge } from "./audit-type-badge";
import { auditHref } from "./audit-url";
import { useAuditWords } from "./use-audit-words";

function clientPage(clientId: number) {
  return `/administration/client-management/${clientId}`;
}

/** One audit entry: what happened as a sentence, type, entity (linking to the client), who, time and the change. */
function AuditEntryItem({ entry }: { entry: NamedAuditEntry }) {
  const t = useTranslations("auditArea");
  const format = useFormatter();
  const words = useAuditWords();
  const sentence = auditSentence(entry, words);
  const who = entry.user ? auditActor(entry, words) : t("noUser");
  const isError = entry.auditType.endsWith("Error");
  const headingId = `audit-entry-${entry.id}`;
  // By name when known ("James Whitaker (Hartwell Holdings Ltd)"), else by kind and number.
  const entityText = entry.entityName
    ? entry.clientName && entry.entityType !== "Client"
      ? t("entityNamedOfClient", { name: entry.entityName, client: entry.clientName })
      : entry.entityName
    : entry.clientId && entry.entityType !== "Client"
      ? t("entityOfClient", { type: entry.entityType, id: entry.entityId ?? "", clientId: entry.clientId })
      : t("entityLabel", { type: entry.entityType, id: entry.entityId ?? "" });
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className={isError ? "rounded-md border border-l-4 border-line-soft border-l-danger p-4" : "rounded-md border border-line-soft p-4"}
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={headingId} className="text-base font-semibold break-words text-ink">
            {sentence}
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
            {
              label: t("user"),
              value: (
                <span className="break-all">
                  {who}
                  {entry.actorName && entry.user ? <span className="text-ink-muted">{` (${entry.user})`}</span> : null}
                </span>
              ),
            },
            {
              label: t("entity"),
              value: (
                // Room between the two links when they wrap onto two lines (a phone): 24 px targets.
                <span className="flex flex-wrap gap-x-3 gap-y-2">
                  {entry.clientId ? <Link href={clientPage(entry.clientId)}>{entityText}</Link> : <span>{entityText}</span>}
                  {entry.entityId ? (
                    <Link href={auditHref({ entityType: entry.entityType, entityId: entry.entityId })} aria-label={entry.entityName ? t("entityHistoryNamed", { name: entry.entityName }) : t("entityHistoryLabel", { type: entry.entityType, id: entry.entityId })}>
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
            <AuditDiff oldValue={entry.oldValue} newValue={entry.newValue} label={sentence} />
          </div>
        ) : null}
      </article>
    </li>
  );
}

/** The entries of one page, newest first. */
export function AuditEntryList({ entries }: { entries: NamedAuditEntry[] }) {
  return (
    <ol className="flex flex-col gap-3">
      {entries.map((e) => (
        <AuditEntryItem key={e.id} entry={e} />
      ))}
    </ol>
  );
}

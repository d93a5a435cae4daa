import { useFormatter, useTranslations } from "next-intl";
import { useAuditWords } from "@/components/admin/audit/use-audit-words";
import { auditActor, auditField, auditSentence, shownValue } from "@/lib/domain/audit-sentence";

/** An audit entry as the page receives it, with the names its sentence uses when known. */
export interface AuditTrailEntry {
  id: number;
  action: string;
  auditType: string;
  entityType: string;
  user: string | null;
  timestamp: Date;
  oldValue: unknown;
  newValue: unknown;
  actorName?: string | null;
  entityName?: string | null;
}

function show(value: unknown): string {
  if (value === null || value === undefined) return "—";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

function diffRows(oldValue: unknown, newValue: unknown): { key: string; from: unknown; to: unknown }[] {
  const asRecord = (v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : v === null || v === undefined ? {} : { value: v });
  const a = asRecord(oldValue);
  const b = asRecord(newValue);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.map((key) => ({ key, from: Object.hasOwn(a, key) ? a[key] : undefined, to: Object.hasOwn(b, key) ? b[key] : undefined }));
}

/**
 * An audit trail, newest first: what happened as a sentence (lib/domain/audit-sentence.ts), when,
 * the type, who, and the recorded old → new of each value under the field's name in words.
 * A list rather than a table, so it reads well at 320 px and in a screen reader.
 */
export function AuditTrail({ entries, headingLevel = 3, emptyText }: { entries: readonly AuditTrailEntry[]; headingLevel?: 3 | 4 | 5; emptyText?: string }) {
  const t = useTranslations("clientDetail.audit");
  const types = useTranslations("auditArea.types");
  const format = useFormatter();
  const words = useAuditWords();
  if (!entries.length) return <p>{emptyText ?? t("empty")}</p>;
  const Heading = `h${headingLevel}` as const;
  return (
    <ol className="flex flex-col gap-3" data-testid="audit-trail">
      {entries.map((e) => {
        const rows = diffRows(e.oldValue, e.newValue);
        return (
          <li key={e.id} className="rounded-md border border-line-soft p-3">
            <Heading className="font-semibold break-words">{auditSentence(e, words)}</Heading>
            <p className="text-sm text-ink-muted">
              <time dateTime={new Date(e.timestamp).toISOString()}>{format.dateTime(new Date(e.timestamp), { dateStyle: "medium", timeStyle: "short" })}</time>
              {" · "}
              {(types as unknown as { has(key: string): boolean }).has(e.auditType) ? types(e.auditType as never) : e.auditType}
              {" · "}
              <span className="break-all">{e.user ? auditActor(e, words) : t("none")}</span>
            </p>
            {rows.length ? (
              <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
                {rows.map((r) => (
                  <div key={r.key} className="contents">
                    <dt className="font-semibold break-words">{auditField(r.key, words)}</dt>
                    <dd className="break-words">
                      {r.from !== undefined ? (
                        <>
                          <span className="sr-only">{`${t("from")} `}</span>
                          <del className="text-ink-muted">{show(shownValue(r.key, r.from, words))}</del>
                          <span aria-hidden="true"> → </span>
                          <span className="sr-only">{` ${t("to")} `}</span>
                        </>
                      ) : null}
                      <ins className="no-underline">{show(shownValue(r.key, r.to, words))}</ins>
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { auditDiff, isBlockValue, valueText } from "./audit-diff-model";

/** One value: inline text, formatted JSON in a scrolling block, or an "empty" marker. */
function Value({ value, present = true }: { value: unknown; present?: boolean }) {
  const t = useTranslations("auditArea.diff");
  if (!present || value === undefined) return <span className="text-ink-muted italic">{t("absent")}</span>;
  if (value === null || value === "") return <span className="text-ink-muted italic">{t("empty")}</span>;
  if (isBlockValue(value)) {
    return <pre className="max-h-64 max-w-full overflow-auto rounded bg-gray-50 p-2 font-mono text-xs whitespace-pre-wrap break-all">{valueText(value)}</pre>;
  }
  return <span className="font-mono text-sm break-all">{valueText(value)}</span>;
}

function DiffTable({ caption, headers, children }: { caption: string; headers: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line-soft">
            {headers.map((h) => (
              <th key={h} scope="col" className="py-1 pr-3 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * An audit entry's change as a person reads it: field by field (changed fields marked in words),
 * JSON Patch operations with path, type, value and original, or the two values side by side.
 */
export function AuditDiff({ oldValue, newValue, label }: { oldValue: unknown; newValue: unknown; label: string }) {
  const t = useTranslations("auditArea.diff");
  const diff = auditDiff(oldValue, newValue);
  if (diff.kind === "none") return <p className="text-sm text-ink-muted">{t("noValues")}</p>;

  if (diff.kind === "patch") {
    return (
      <DiffTable caption={t("patchCaption", { label })} headers={[t("op"), t("path"), t("type"), t("value"), t("original")]}>
        {diff.rows.map((r, i) => (
          <tr key={i} className="border-b border-line-soft align-top last:border-0">
            <td className="py-1 pr-3 font-mono">{r.op}</td>
            <th scope="row" className="py-1 pr-3 font-mono font-normal break-all">{r.path}</th>
            <td className="py-1 pr-3">{t(`kinds.${r.type}`)}</td>
            <td className="py-1 pr-3"><Value value={r.value} present={r.hasValue} /></td>
            <td className="py-1 pr-3"><Value value={r.original} present={r.hasOriginal} /></td>
          </tr>
        ))}
      </DiffTable>
    );
  }

  if (diff.kind === "fields") {
    const both = diff.hasBefore && diff.hasAfter;
    const headers = both ? [t("field"), t("before"), t("after")] : [t("field"), diff.hasAfter ? t("value") : t("before")];
    return (
      <DiffTable caption={t("fieldsCaption", { label })} headers={headers}>
        {diff.rows.map((r) => (
          <tr key={r.field} className="border-b border-line-soft align-top last:border-0">
            <th scope="row" className="py-1 pr-3 font-mono font-normal break-all">
              {r.field}
              {both ? (
                <span className={r.changed ? "ml-2 font-sans text-xs font-bold text-navy-900" : "ml-2 font-sans text-xs text-ink-muted"}>
                  {r.changed ? t("changed") : t("unchanged")}
                </span>
              ) : null}
            </th>
            {both ? (
              <>
                <td className="py-1 pr-3"><Value value={r.before} present={r.hasBefore} /></td>
                <td className="py-1 pr-3"><Value value={r.after} present={r.hasAfter} /></td>
              </>
            ) : (
              <td className="py-1 pr-3"><Value value={diff.hasAfter ? r.after : r.before} /></td>
            )}
          </tr>
        ))}
      </DiffTable>
    );
  }

  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-semibold">{t("before")}</dt>
        <dd><Value value={diff.before} /></dd>
      </div>
      <div>
        <dt className="font-semibold">{t("after")}</dt>
        <dd><Value value={diff.after} /></dd>
      </div>
    </dl>
  );
}

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { DescriptionList } from "@/components/ui/description-list";
import { Table, TableBody, TableCell, TableHead, TableRow, TableRowHeader } from "@/components/ui/table";
import { auditField, shownValue } from "@/lib/domain/audit-sentence";
import { auditDiff, isBlockValue, valueText } from "./audit-diff-model";
import { useAuditWords } from "./use-audit-words";

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

/** A table cell holding one value; `label` names its column on a phone, where the row is a card. */
function ValueCell({ label, ...props }: { label: string; value: unknown; present?: boolean }) {
  return (
    <TableCell label={label}>
      <Value {...props} />
    </TableCell>
  );
}

function DiffTable({ caption, headers, children }: { caption: string; headers: string[]; children: ReactNode }) {
  return (
    <Table caption={caption} density="compact">
      <TableHead headers={headers} />
      <TableBody>{children}</TableBody>
    </Table>
  );
}

/**
 * An audit entry's change as a person reads it: field by field (changed fields marked in words),
 * JSON Patch operations with path, type, value and original, or the two values side by side.
 */
export function AuditDiff({ oldValue, newValue, label }: { oldValue: unknown; newValue: unknown; label: string }) {
  const t = useTranslations("auditArea.diff");
  const words = useAuditWords();
  const diff = auditDiff(oldValue, newValue);
  if (diff.kind === "none") return <p className="text-sm text-ink-muted">{t("noValues")}</p>;

  if (diff.kind === "patch") {
    return (
      <DiffTable caption={t("patchCaption", { label })} headers={[t("op"), t("path"), t("type"), t("value"), t("original")]}>
        {diff.rows.map((r, i) => (
          <TableRow key={i} className="last:border-0">
            <TableCell label={t("op")} className="font-mono">
              {r.op}
            </TableCell>
            <TableRowHeader label={t("path")} className="font-mono break-all">
              {r.path}
            </TableRowHeader>
            <TableCell label={t("type")}>{t(`kinds.${r.type}`)}</TableCell>
            <ValueCell label={t("value")} value={r.value} present={r.hasValue} />
            <ValueCell label={t("original")} value={r.original} present={r.hasOriginal} />
          </TableRow>
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
          <TableRow key={r.field} className="last:border-0">
            <TableRowHeader className="break-words">
              {auditField(r.field, words)}
              {both ? (
                <span className={r.changed ? "ml-2 font-sans text-xs font-bold text-navy-900" : "ml-2 font-sans text-xs text-ink-muted"}>
                  {r.changed ? t("changed") : t("unchanged")}
                </span>
              ) : null}
            </TableRowHeader>
            {both ? (
              <>
                <ValueCell label={t("before")} value={shownValue(r.field, r.before, words)} present={r.hasBefore} />
                <ValueCell label={t("after")} value={shownValue(r.field, r.after, words)} present={r.hasAfter} />
              </>
            ) : (
              <ValueCell label={headers[1]!} value={shownValue(r.field, diff.hasAfter ? r.after : r.before, words)} />
            )}
          </TableRow>
        ))}
      </DiffTable>
    );
  }

  return (
    <DescriptionList
      size="sm"
      items={[
        { label: t("before"), value: <Value value={diff.before} /> },
        { label: t("after"), value: <Value value={diff.after} /> },
      ]}
    />
  );
}

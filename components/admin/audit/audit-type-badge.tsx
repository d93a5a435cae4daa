import { useTranslations } from "next-intl";
import type { AuditType } from "@/db/schema";
import { LineIcon } from "@/components/ui/line-icon";

/** The audit type as a labelled badge; error types say "Error" in words and carry an icon, not colour alone. */
export function AuditTypeBadge({ type }: { type: AuditType }) {
  const t = useTranslations("auditArea");
  const isError = type.endsWith("Error");
  return (
    <span
      className={
        isError
          ? "inline-flex items-center gap-1 rounded-full border-2 border-danger bg-red-50 px-2.5 py-0.5 text-sm font-semibold text-red-900"
          : "inline-flex items-center gap-1 rounded-full border border-line bg-gray-50 px-2.5 py-0.5 text-sm font-semibold text-ink"
      }
    >
      {isError ? (
        <>
          <LineIcon strokeWidth={2.5} className="size-4 shrink-0">
            <path d="M12 3 2 21h20L12 3Zm0 7v5m0 3h.01" strokeLinecap="round" strokeLinejoin="round" />
          </LineIcon>
          <span className="font-bold">{`${t("errorBadge")}:`}</span>
        </>
      ) : null}
      {t(`types.${type}`)}
    </span>
  );
}

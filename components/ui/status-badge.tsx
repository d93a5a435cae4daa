import { useTranslations } from "next-intl";

/** A client or director status as a labelled badge (text, not colour alone). */
export function StatusBadge({ kind, status }: { kind: "client" | "director"; status: string }) {
  const t = useTranslations("statuses");
  return (
    <span className="inline-block rounded-full border border-line bg-gray-50 px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap text-ink">
      {t(`${kind}.${status}` as never)}
    </span>
  );
}

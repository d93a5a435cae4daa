import { useTranslations } from "next-intl";

/**
 * A client or director status as a labelled badge (text, not colour alone). On one line from 640 px;
 * on a phone a long label (or a longer Welsh one) wraps inside the card rather than widen it.
 */
export function StatusBadge({ kind, status }: { kind: "client" | "director"; status: string }) {
  const t = useTranslations("statuses");
  return (
    <span className="inline-block max-w-full rounded-full border border-line bg-gray-50 px-2.5 py-0.5 text-sm font-semibold text-ink sm:whitespace-nowrap">
      {t(`${kind}.${status}` as never)}
    </span>
  );
}

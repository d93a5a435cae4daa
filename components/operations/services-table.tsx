import { useTranslations } from "next-intl";
import type { DataColumn } from "@/components/ui/data-table";
import type { OutsideServiceState } from "@/lib/server/operations/list-outside-services";
import { cn } from "@/components/ui/cn";
import { When } from "./when";
import { messageKeyOf } from "./words";
import { OpsTable } from "./ops-table";

const STATE_STYLE: Record<OutsideServiceState["state"], string> = {
  working: "border-green-800 text-green-900",
  failing: "border-red-800 font-bold text-red-900",
  unknown: "border-line text-ink-muted",
};
const STATE_BADGE = "inline-block rounded-full border bg-white px-2.5 py-0.5 sm:whitespace-nowrap";

/** Each outside service: its state in words (not colour alone), when it last worked and failed, and why. */
export function ServicesTable({ services }: { services: OutsideServiceState[] }) {
  const t = useTranslations("operations.services");
  const name = (service: string) => {
    const key = `names.${messageKeyOf(service)}`;
    return t.has(key) ? t(key) : t("names.other");
  };
  const columns: DataColumn<OutsideServiceState>[] = [
    { label: t("service"), className: "font-semibold", cell: (s) => name(s.service) },
    {
      label: t("state"),
      cell: (s) => (
        <span className={cn(STATE_BADGE, STATE_STYLE[s.state])}>{t(`states.${s.state}`)}</span>
      ),
    },
    {
      label: t("lastSuccess"),
      className: "sm:whitespace-nowrap",
      cell: (s) => (s.lastSuccessAt ? <When at={s.lastSuccessAt} /> : t("never")),
    },
    {
      label: t("lastFailure"),
      className: "sm:whitespace-nowrap",
      cell: (s) => (s.lastFailureAt ? <When at={s.lastFailureAt} /> : t("never")),
    },
    { label: t("failuresLastHour"), cell: (s) => s.failuresLastHour },
    { label: t("error"), className: "break-words", cell: (s) => s.lastFailureMessage ?? t("none") },
  ];
  return <OpsTable caption={t("caption")} rows={services} rowKey="service" columns={columns} />;
}

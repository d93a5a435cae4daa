import { useTranslations } from "next-intl";
import type { DataColumn } from "@/components/ui/data-table";
import type { WebhookDelivery } from "@/db/schema";
import { When } from "./when";
import { messageKeyOf } from "./words";
import { OpsTable } from "./ops-table";

/** The webhook deliveries of the last 24 hours: when, from whom, what event, and what came of it. */
export function WebhookDeliveriesTable({ deliveries }: { deliveries: WebhookDelivery[] }) {
  const t = useTranslations("operations.webhooks");
  const word = (group: string, name: string | null, fallback: string) => {
    const key = name ? `${group}.${messageKeyOf(name)}` : undefined;
    return key && t.has(key) ? t(key) : t(`${group}.${fallback}`);
  };
  const columns: DataColumn<WebhookDelivery>[] = [
    {
      label: t("receivedAt"),
      className: "sm:whitespace-nowrap",
      cell: (d) => <When at={d.receivedAt} />,
    },
    { label: t("provider"), cell: (d) => word("providers", d.provider, "other") },
    { label: t("event"), cell: (d) => word("events", d.eventType, d.eventType ? "other" : "none") },
    {
      label: t("outcome"),
      className: (d) => (d.outcome === "accepted" ? undefined : "font-bold text-red-900"),
      cell: (d) => word("outcomes", d.outcome, "failed"),
    },
  ];
  return <OpsTable caption={t("caption")} rows={deliveries} columns={columns} empty={t("empty")} />;
}

import { useTranslations } from "next-intl";
import { Table, TableBody, TableCell, TableEmptyRow, TableHead, TableRow } from "@/components/ui/table";
import type { WebhookDelivery } from "@/db/schema";
import { When } from "./when";
import { messageKeyOf } from "./words";

/** The webhook deliveries of the last 24 hours: when, from whom, what event, and what came of it. */
export function WebhookDeliveriesTable({ deliveries }: { deliveries: WebhookDelivery[] }) {
  const t = useTranslations("operations.webhooks");
  const headers = [t("receivedAt"), t("provider"), t("event"), t("outcome")];
  const word = (group: string, name: string | null, fallback: string) => {
    const key = name ? `${group}.${messageKeyOf(name)}` : undefined;
    return key && t.has(key) ? t(key) : t(`${group}.${fallback}`);
  };
  return (
    <Table caption={t("caption")} variant="boxed">
      <TableHead headers={headers} />
      <TableBody>
        {deliveries.length === 0 ? <TableEmptyRow colSpan={headers.length}>{t("empty")}</TableEmptyRow> : null}
        {deliveries.map((d) => (
          <TableRow key={d.id}>
            <TableCell label={headers[0]} className="sm:whitespace-nowrap">
              <When at={d.receivedAt} />
            </TableCell>
            <TableCell label={headers[1]}>{word("providers", d.provider, "other")}</TableCell>
            <TableCell label={headers[2]}>{word("events", d.eventType, d.eventType ? "other" : "none")}</TableCell>
            <TableCell label={headers[3]} className={d.outcome === "accepted" ? undefined : "font-bold text-red-900"}>
              {word("outcomes", d.outcome, "failed")}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

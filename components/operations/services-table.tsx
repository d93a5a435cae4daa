import { useTranslations } from "next-intl";
import { Table, TableBody, TableCell, TableHead, TableRow } from "@/components/ui/table";
import type { OutsideServiceState } from "@/lib/server/operations/list-outside-services";
import { cn } from "@/components/ui/cn";
import { When } from "./when";
import { messageKeyOf } from "./words";

const STATE_STYLE: Record<OutsideServiceState["state"], string> = {
  working: "border-green-800 text-green-900",
  failing: "border-red-800 font-bold text-red-900",
  unknown: "border-line text-ink-muted",
};

/** Each outside service: its state in words (not colour alone), when it last worked and failed, and why. */
export function ServicesTable({ services }: { services: OutsideServiceState[] }) {
  const t = useTranslations("operations.services");
  const headers = [t("service"), t("state"), t("lastSuccess"), t("lastFailure"), t("failuresLastHour"), t("error")];
  return (
    <Table caption={t("caption")} variant="boxed">
      <TableHead headers={headers} />
      <TableBody>
        {services.map((s) => {
          const key = `names.${messageKeyOf(s.service)}`;
          return (
            <TableRow key={s.service}>
              <TableCell label={headers[0]} className="font-semibold">
                {t.has(key) ? t(key) : t("names.other")}
              </TableCell>
              <TableCell label={headers[1]}>
                <span className={cn("inline-block rounded-full border bg-white px-2.5 py-0.5 sm:whitespace-nowrap", STATE_STYLE[s.state])}>{t(`states.${s.state}`)}</span>
              </TableCell>
              <TableCell label={headers[2]} className="sm:whitespace-nowrap">
                {s.lastSuccessAt ? <When at={s.lastSuccessAt} /> : t("never")}
              </TableCell>
              <TableCell label={headers[3]} className="sm:whitespace-nowrap">
                {s.lastFailureAt ? <When at={s.lastFailureAt} /> : t("never")}
              </TableCell>
              <TableCell label={headers[4]}>{s.failuresLastHour}</TableCell>
              <TableCell label={headers[5]} className="break-words">
                {s.lastFailureMessage ?? t("none")}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

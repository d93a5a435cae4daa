import { useFormatter, useTranslations } from "next-intl";
import { Table, TableBody, TableCell, TableHead, TableRow } from "@/components/ui/table";
import type { ScheduleRun } from "@/lib/server/operations/list-schedule-runs";
import { TaskName } from "./queues-table";
import { When } from "./when";
import { timetableOf } from "./words";

const UK = "Europe/London";

/** When a schedule runs, in words (its own timetable when it cannot be said simply, or is not in UK time). */
function Timetable({ cron, timezone }: { cron: string; timezone: string }) {
  const t = useTranslations("operations.schedules");
  const format = useFormatter();
  const when = timetableOf(cron);
  if (when.kind === "daily" && timezone === UK) return <>{t("daily", { time: `${String(when.hour).padStart(2, "0")}:${String(when.minute).padStart(2, "0")}` })}</>;
  if (when.kind === "hourly") {
    return <>{when.minutes.length === 1 ? t("hourly", { minutes: when.minutes[0]! }) : t("hourlyMany", { minutes: format.list(when.minutes.map(String), { type: "conjunction" }) })}</>;
  }
  return <>{t("custom")}</>;
}

/** Each schedule: what it runs, when, and how its last run went. */
export function SchedulesTable({ schedules }: { schedules: ScheduleRun[] }) {
  const t = useTranslations("operations.schedules");
  const headers = [t("task"), t("when"), t("lastRun"), t("result")];
  return (
    <Table caption={t("caption")} variant="boxed">
      <TableHead headers={headers} />
      <TableBody>
        {schedules.map((s) => (
          <TableRow key={s.name}>
            <TableCell label={headers[0]} className="font-semibold">
              <TaskName name={s.name} />
            </TableCell>
            <TableCell label={headers[1]}>
              <Timetable cron={s.cron} timezone={s.timezone} />
            </TableCell>
            <TableCell label={headers[2]} className="sm:whitespace-nowrap">
              {s.lastRun ? <When at={s.lastRun.finishedAt ?? s.lastRun.startedAt ?? s.lastRun.createdAt} /> : t("notYet")}
            </TableCell>
            <TableCell label={headers[3]} className={s.lastRun?.state === "failed" ? "font-bold text-red-900" : undefined}>
              {s.lastRun ? t(`states.${s.lastRun.state}`) : t("notYet")}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

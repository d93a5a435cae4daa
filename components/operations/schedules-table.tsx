import { useFormatter, useTranslations } from "next-intl";
import type { DataColumn } from "@/components/ui/data-table";
import type { ScheduleRun } from "@/lib/server/operations/list-schedule-runs";
import { TaskName } from "./queues-table";
import { When } from "./when";
import { timetableOf } from "./words";
import { OpsTable } from "./ops-table";

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
  const columns: DataColumn<ScheduleRun>[] = [
    { label: t("task"), className: "font-semibold", cell: (s) => <TaskName name={s.name} /> },
    { label: t("when"), cell: (s) => <Timetable cron={s.cron} timezone={s.timezone} /> },
    {
      label: t("lastRun"),
      className: "sm:whitespace-nowrap",
      cell: ({ lastRun: run }) =>
        run ? <When at={run.finishedAt ?? run.startedAt ?? run.createdAt} /> : t("notYet"),
    },
    {
      label: t("result"),
      className: (s) => (s.lastRun?.state === "failed" ? "font-bold text-red-900" : undefined),
      cell: (s) => (s.lastRun ? t(`states.${s.lastRun.state}`) : t("notYet")),
    },
  ];
  return <OpsTable caption={t("caption")} rows={schedules} rowKey="name" columns={columns} />;
}

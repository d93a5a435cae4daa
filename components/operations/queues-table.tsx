import { useFormatter, useTranslations } from "next-intl";
import type { DataColumn } from "@/components/ui/data-table";
import type { QueueState } from "@/lib/jobs/queue-states";
import { messageKeyOf } from "./words";
import { OpsTable } from "./ops-table";

/** Each kind of background task: how many wait (now and for later), run and failed, and since when the oldest waits. */
export function QueuesTable({ queues, now }: { queues: QueueState[]; now: Date }) {
  const t = useTranslations("operations.queues");
  const format = useFormatter();
  const columns: DataColumn<QueueState>[] = [
    { label: t("task"), className: "font-semibold", cell: (q) => <TaskName name={q.name} /> },
    { label: t("waiting"), cell: (q) => q.waiting },
    { label: t("deferred"), cell: (q) => q.deferred },
    { label: t("active"), cell: (q) => q.active },
    {
      label: t("failed"),
      className: (q) => (q.failed > 0 ? "font-bold text-red-900" : undefined),
      cell: (q) => q.failed,
    },
    {
      label: t("oldestWaiting"),
      cell: ({ oldestWaitingSince: since }) =>
        since ? (
          <time dateTime={since.toISOString()}>{format.relativeTime(since, now)}</time>
        ) : (
          t("nothingWaiting")
        ),
    },
  ];
  return <OpsTable caption={t("caption")} rows={queues} rowKey="name" columns={columns} />;
}

/** A kind of background task in words. */
export function TaskName({ name }: { name: string }) {
  const t = useTranslations("operations.jobs");
  const key = messageKeyOf(name);
  return <>{t.has(key) ? t(key) : t("other")}</>;
}

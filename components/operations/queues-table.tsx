import { useFormatter, useTranslations } from "next-intl";
import { Table, TableBody, TableCell, TableHead, TableRow } from "@/components/ui/table";
import type { QueueState } from "@/lib/jobs/queue-states";
import { messageKeyOf } from "./words";

/** Each kind of background task: how many wait (now and for later), run and failed, and since when the oldest waits. */
export function QueuesTable({ queues, now }: { queues: QueueState[]; now: Date }) {
  const t = useTranslations("operations");
  const format = useFormatter();
  const headers = [t("queues.task"), t("queues.waiting"), t("queues.deferred"), t("queues.active"), t("queues.failed"), t("queues.oldestWaiting")];
  return (
    <Table caption={t("queues.caption")} variant="boxed">
      <TableHead headers={headers} />
      <TableBody>
        {queues.map((q) => (
          <TableRow key={q.name}>
            <TableCell label={headers[0]} className="font-semibold">
              <TaskName name={q.name} />
            </TableCell>
            <TableCell label={headers[1]}>{q.waiting}</TableCell>
            <TableCell label={headers[2]}>{q.deferred}</TableCell>
            <TableCell label={headers[3]}>{q.active}</TableCell>
            <TableCell label={headers[4]} className={q.failed > 0 ? "font-bold text-red-900" : undefined}>
              {q.failed}
            </TableCell>
            <TableCell label={headers[5]}>
              {q.oldestWaitingSince ? <time dateTime={q.oldestWaitingSince.toISOString()}>{format.relativeTime(q.oldestWaitingSince, now)}</time> : t("queues.nothingWaiting")}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A kind of background task in words. */
export function TaskName({ name }: { name: string }) {
  const t = useTranslations("operations.jobs");
  const key = messageKeyOf(name);
  return <>{t.has(key) ? t(key) : t("other")}</>;
}

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { DataColumn } from "@/components/ui/data-table";
import type { FailedJob } from "@/lib/server/operations/list-failed-jobs";
import { FailedJobActions } from "./failed-job-actions";
import { When } from "./when";
import { messageKeyOf } from "./words";
import { OpsTable } from "./ops-table";

/** What a failed task was about: the client or individual (linked to the client's page), else that it was about no one client. */
function About({ job }: { job: FailedJob }) {
  const t = useTranslations("operations.failedJobs");
  const { clientId, clientName, directorId, directorName } = job.subject;
  const director = directorId ? (directorName ? t("aboutDirector", { name: directorName }) : t("aboutUnknownDirector", { id: directorId })) : undefined;
  const client = clientId ? (clientName ? t("aboutClient", { name: clientName }) : t("aboutUnknownClient", { id: clientId })) : undefined;
  if (!director && !client) return <>{t("aboutNothing")}</>;
  return (
    <span className="flex flex-col">
      {director ? <span>{director}</span> : null}
      {client && clientName ? <Link href={`/administration/client-management/${clientId}`}>{client}</Link> : client ? <span>{client}</span> : null}
    </span>
  );
}

/** Failed tasks, the most recent first, each with Retry and Discard. */
export function FailedJobsTable({ jobs }: { jobs: FailedJob[] }) {
  const t = useTranslations("operations.failedJobs");
  const tj = useTranslations("operations.jobs");
  const taskOf = (job: FailedJob) => {
    const key = messageKeyOf(job.name);
    return tj.has(key) ? tj(key) : tj("other");
  };
  const columns: DataColumn<FailedJob>[] = [
    { label: t("task"), className: "font-semibold", cell: taskOf },
    { label: t("about"), cell: (job) => <About job={job} /> },
    {
      label: t("failedAt"),
      className: "sm:whitespace-nowrap",
      cell: (job) => <When at={job.failedAt ?? job.createdAt} />,
    },
    { label: t("attempts"), cell: (job) => job.attempts },
    { label: t("error"), className: "break-words", cell: (job) => job.error },
    {
      label: t("actions"),
      cell: (job) => <FailedJobActions queue={job.name} id={job.id} task={taskOf(job)} />,
    },
  ];
  return <OpsTable caption={t("caption")} rows={jobs} columns={columns} empty={t("empty")} />;
}

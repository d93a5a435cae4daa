import Link from "next/link";
import { useTranslations } from "next-intl";
import { Table, TableBody, TableCell, TableEmptyRow, TableHead, TableRow } from "@/components/ui/table";
import type { FailedJob } from "@/lib/server/operations/list-failed-jobs";
import { FailedJobActions } from "./failed-job-actions";
import { When } from "./when";
import { messageKeyOf } from "./words";

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
  const t = useTranslations("operations");
  const headers = [t("failedJobs.task"), t("failedJobs.about"), t("failedJobs.failedAt"), t("failedJobs.attempts"), t("failedJobs.error"), t("failedJobs.actions")];
  return (
    <Table caption={t("failedJobs.caption")} variant="boxed">
      <TableHead headers={headers} />
      <TableBody>
        {jobs.length === 0 ? <TableEmptyRow colSpan={headers.length}>{t("failedJobs.empty")}</TableEmptyRow> : null}
        {jobs.map((job) => {
          const key = messageKeyOf(job.name);
          const task = t.has(`jobs.${key}`) ? t(`jobs.${key}`) : t("jobs.other");
          return (
            <TableRow key={job.id}>
              <TableCell label={headers[0]} className="font-semibold">
                {task}
              </TableCell>
              <TableCell label={headers[1]}>
                <About job={job} />
              </TableCell>
              <TableCell label={headers[2]} className="sm:whitespace-nowrap">
                <When at={job.failedAt ?? job.createdAt} />
              </TableCell>
              <TableCell label={headers[3]}>{job.attempts}</TableCell>
              <TableCell label={headers[4]} className="break-words">
                {job.error}
              </TableCell>
              <TableCell label={headers[5]}>
                <FailedJobActions queue={job.name} id={job.id} task={task} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

import { useLocale, useTranslations } from "next-intl";
import { formatDate } from "@/lib/dates/format-date";
import { cn } from "@/components/ui/cn";
import { DIRECTOR_TASKS, type DirectorTask, type TaskState, type TaskStatus } from "@/lib/domain/director-journey";

/**
 * The director's three tasks on their page (the GOV.UK task list pattern): each task's name, a link
 * to its section of the page (unless it cannot start yet), and its state as a tag that the link is
 * described by. The states come from `directorTaskList` (lib/domain/director-journey.ts).
 *
 * Works as a server component and in the browser (no hooks but the translator).
 */

/** Where each task's section is on the page (the sections carry these ids). */
export const TASK_SECTION_IDS: Record<DirectorTask, string> = {
  details: "your-details",
  identityCheck: "identity-check",
  personalCode: "personal-code",
};

/** Tag colours, in the spirit of the GOV.UK tags: text on a tint, never colour alone. */
const TAG: Record<TaskState, string> = {
  cannotStartYet: "text-ink-muted",
  notStarted: "rounded bg-navy-100 px-2 py-0.5 text-navy-900",
  inProgress: "rounded bg-sky-100 px-2 py-0.5 text-sky-950",
  completed: "text-ink",
  underReview: "rounded bg-amber-100 px-2 py-0.5 text-amber-950",
  moreDocumentsNeeded: "rounded bg-orange-100 px-2 py-0.5 text-orange-950",
  failed: "rounded bg-red-100 px-2 py-0.5 text-red-900",
  rejected: "rounded bg-red-100 px-2 py-0.5 text-red-900",
};

export interface TaskListProps {
  tasks: Record<DirectorTask, TaskStatus>;
  /** A section id to link a task to instead of its own (e.g. the evidence section while documents are asked for). */
  targets?: Partial<Record<DirectorTask, string>>;
  /** The date to complete them by (`YYYY-MM-DD`), when one binds the director, and whether it has passed. */
  verifyBy?: { date: string; overdue: boolean } | null;
}

export function TaskList({ tasks, targets = {}, verifyBy }: TaskListProps) {
  const t = useTranslations("directorJourney.taskList");
  const locale = useLocale();
  return (
    <section aria-labelledby="task-list-title" className="space-y-3">
      <h2 id="task-list-title" className="text-xl font-semibold">
        {t("title")}
      </h2>
      <p>{t("intro")}</p>
      {verifyBy ? (
        <p className={verifyBy.overdue ? "font-semibold text-danger" : "font-semibold"} data-testid="verify-by">
          {t(verifyBy.overdue ? "verifyByOverdue" : "verifyBy", { date: formatDate(verifyBy.date, locale) })}
        </p>
      ) : null}
      <ul className="divide-y divide-line-soft border-y border-line-soft" data-testid="task-list">
        {DIRECTOR_TASKS.map((task) => {
          const { state, attemptsLeft = 0 } = tasks[task];
          const statusId = `task-${task}-status`;
          const name = t(`tasks.${task}`);
          return (
            <li key={task} data-task={task} data-state={state} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
              <span className="font-semibold">
                {state === "cannotStartYet" ? (
                  name
                ) : (
                  <a href={`#${targets[task] ?? TASK_SECTION_IDS[task]}`} aria-describedby={statusId} className="underline underline-offset-2">
                    {name}
                  </a>
                )}
              </span>
              <span id={statusId} className={cn("self-start text-sm font-semibold sm:self-auto", TAG[state])}>
                {state === "failed" ? t("states.failed", { left: attemptsLeft }) : t(`states.${state}`)}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

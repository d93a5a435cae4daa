import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { AutoRefresh } from "@/components/operations/auto-refresh";
import { FailedJobsTable } from "@/components/operations/failed-jobs-table";
import { QueuesTable } from "@/components/operations/queues-table";
import { SchedulesTable } from "@/components/operations/schedules-table";
import { ServicesTable } from "@/components/operations/services-table";
import { WebhookDeliveriesTable } from "@/components/operations/webhook-deliveries-table";
import { PlainPage } from "@/components/layout/page-layouts";
import { getDb } from "@/db";
import { requirePageUser } from "@/lib/auth/guards";
import { getJobQueue } from "@/lib/jobs/queue";
import { listFailedJobs } from "@/lib/server/operations/list-failed-jobs";
import { listOutsideServices } from "@/lib/server/operations/list-outside-services";
import { listQueues } from "@/lib/server/operations/list-queues";
import { listScheduleRuns } from "@/lib/server/operations/list-schedule-runs";
import { listWebhookDeliveries } from "@/lib/server/operations/list-webhook-deliveries";
import { ClientMessages } from "@/components/i18n/client-messages";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("operations");
  return { title: t("metaTitle") };
}

/**
 * Admin only: the operator's page (docs/operations.md "Operator's page"). Outside services, job
 * queues, failed jobs (retry, discard), webhook deliveries of the last 24 hours and the schedules'
 * last runs, read anew every 15 seconds.
 */
export default async function OperationsPage() {
  const user = await requirePageUser("admin.operations");
  const now = new Date();
  // pg-boss's tables exist once the queue has started (instrumentation.ts starts it with the server).
  await getJobQueue();
  const db = await getDb();
  const [t, format, services, queues, failedJobs, webhooks, schedules] = await Promise.all([
    getTranslations("operations"),
    getFormatter(),
    listOutsideServices({ db, user, now }),
    listQueues({ db, user }),
    listFailedJobs({ db, user }),
    listWebhookDeliveries({ db, user, now }),
    listScheduleRuns({ db, user }),
  ]);
  const count = (outcome: string) => webhooks.filter((w) => w.outcome === outcome).length;
  return (
    <ClientMessages namespaces={["operations.failedJobs", "operations.refresh"]}>
      <PlainPage title={t("title")} description={t("description")} width="wide">
        <div className="flex flex-col gap-10">
          <AutoRefresh updatedAt={format.dateTime(now, { timeStyle: "medium" })} />
          <Section id="services" title={t("services.title")}>
            <ServicesTable services={services} />
          </Section>
          <Section id="queues" title={t("queues.title")}>
            <QueuesTable queues={queues} now={now} />
          </Section>
          <Section id="failed-jobs" title={t("failedJobs.title")} intro={t("failedJobs.intro")}>
            <FailedJobsTable jobs={failedJobs} />
          </Section>
          <Section id="webhooks" title={t("webhooks.title")} intro={t("webhooks.intro", { accepted: count("accepted"), refused: count("refused"), failed: count("failed") })}>
            <WebhookDeliveriesTable deliveries={webhooks} />
          </Section>
          <Section id="schedules" title={t("schedules.title")}>
            <SchedulesTable schedules={schedules} />
          </Section>
        </div>
      </PlainPage>
    </ClientMessages>
  );
}

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {title}
      </h2>
      {intro ? <p className="max-w-prose text-ink-muted">{intro}</p> : null}
      {children}
    </section>
  );
}

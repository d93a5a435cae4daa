import { render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import messages from "@/messages/en-GB.json";
import cy from "@/messages/cy.json";
import { FailedJobsTable } from "./failed-jobs-table";
import { QueuesTable } from "./queues-table";
import { SchedulesTable } from "./schedules-table";
import { ServicesTable } from "./services-table";
import { WebhookDeliveriesTable } from "./webhook-deliveries-table";

jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn() }) }));
jest.mock("@/components/ui/toast", () => ({ showToast: jest.fn() }));

const now = new Date("2026-11-26T11:02:15Z");
const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);

function tables(locale: "en-GB" | "cy" = "en-GB") {
  return render(
    <NextIntlClientProvider locale={locale} timeZone="Europe/London" now={now} messages={locale === "cy" ? cy : messages}>
      <ServicesTable
        services={[
          { service: "sage", state: "failing", lastSuccessAt: at(90), lastFailureAt: at(2), lastFailureOperation: "createSalesInvoice", lastFailureMessage: "Sage invoice creation failed (503 ServiceUnavailable)", failuresLastHour: 3 },
          { service: "stripe", state: "working", lastSuccessAt: at(1), lastFailureAt: null, lastFailureOperation: null, lastFailureMessage: null, failuresLastHour: 0 },
          { service: "a-new-service", state: "unknown", lastSuccessAt: null, lastFailureAt: null, lastFailureOperation: null, lastFailureMessage: null, failuresLastHour: 0 },
        ]}
      />
      <QueuesTable now={now} queues={[{ name: "identity-check.sweep-expired-sessions", waiting: 2, deferred: 1, active: 0, failed: 0, oldestWaitingSince: at(5) }, { name: "some.new-job", waiting: 0, deferred: 0, active: 0, failed: 1, oldestWaitingSince: null }]} />
      <FailedJobsTable
        jobs={[
          { id: "6f1c2a52-0000-4000-8000-000000000001", name: "invoice.raise", attempts: 8, createdAt: at(120), failedAt: at(3), error: "Sage invoice creation failed (503 ServiceUnavailable)", subject: { clientId: 42, clientName: "Hartwell Holdings Ltd" } },
          { id: "6f1c2a52-0000-4000-8000-000000000002", name: "maintenance.prune-security-data", attempts: 1, createdAt: at(60), failedAt: at(59), error: "timeout", subject: {} },
        ]}
      />
      <WebhookDeliveriesTable
        deliveries={[
          { id: 1, provider: "stripe", eventType: "checkout.session.completed", outcome: "accepted", status: 200, receivedAt: at(4) },
          { id: 2, provider: "yoti", eventType: "SESSION_COMPLETION", outcome: "failed", status: 503, receivedAt: at(8) },
          { id: 3, provider: "stripe", eventType: "customer.created", outcome: "accepted", status: 200, receivedAt: at(9) },
          { id: 4, provider: "yoti", eventType: null, outcome: "refused", status: 400, receivedAt: at(10) },
        ]}
      />
      <SchedulesTable
        schedules={[
          { name: "maintenance.prune-security-data", cron: "17 3 * * *", timezone: "Europe/London", lastRun: { state: "completed", createdAt: at(600), startedAt: at(600), finishedAt: at(599) } },
          { name: "identity-check.sweep-expired-sessions", cron: "7,22,37,52 * * * *", timezone: "Europe/London", lastRun: { state: "failed", createdAt: at(10), startedAt: at(10), finishedAt: at(9) } },
          { name: "reminders.send", cron: "*/5 9-17 * * 1-5", timezone: "Europe/London", lastRun: null },
        ]}
      />
    </NextIntlClientProvider>,
  );
}

const rowOf = (caption: string, text: string) => within(screen.getByRole("table", { name: caption })).getByText(text).closest("tr")!;

describe("the operator's tables", () => {
  it("say each service's state and names in words", () => {
    tables();
    const t = messages.operations.services;
    const sage = rowOf(t.caption, t.names.sage);
    expect(within(sage).getByText(t.states.failing)).toBeInTheDocument();
    expect(within(sage).getByText("Sage invoice creation failed (503 ServiceUnavailable)")).toBeInTheDocument();
    expect(within(rowOf(t.caption, t.names.other)).getByText(t.states.unknown)).toBeInTheDocument();
    expect(within(rowOf(t.caption, t.names.stripe)).getAllByText(t.never)).toHaveLength(1);
  });

  it("name tasks, events, outcomes and timetables in words, with a general word for one they do not know", () => {
    tables();
    const o = messages.operations;
    expect(within(screen.getByRole("table", { name: o.queues.caption })).getByText(o.jobs.identityCheckSweepExpiredSessions)).toBeInTheDocument();
    expect(within(rowOf(o.queues.caption, o.jobs.other)).getByText("1")).toBeInTheDocument();
    expect(within(rowOf(o.queues.caption, o.jobs.identityCheckSweepExpiredSessions)).getByText("5 minutes ago")).toBeInTheDocument();

    const invoice = rowOf(o.failedJobs.caption, o.jobs.invoiceRaise);
    expect(within(invoice).getByRole("link", { name: "Hartwell Holdings Ltd (client)" })).toHaveAttribute("href", "/administration/client-management/42");
    expect(within(rowOf(o.failedJobs.caption, o.jobs.maintenancePruneSecurityData)).getByText(o.failedJobs.aboutNothing)).toBeInTheDocument();

    const hooks = screen.getByRole("table", { name: o.webhooks.caption });
    for (const word of [o.webhooks.events.checkoutSessionCompleted, o.webhooks.events.sessionCompletion, o.webhooks.events.other, o.webhooks.events.none, o.webhooks.outcomes.failed, o.webhooks.outcomes.refused]) {
      expect(within(hooks).getAllByText(word).length).toBeGreaterThan(0);
    }

    const s = o.schedules;
    expect(within(rowOf(s.caption, o.jobs.maintenancePruneSecurityData)).getByText("Every day at 03:17")).toBeInTheDocument();
    expect(within(rowOf(s.caption, o.jobs.identityCheckSweepExpiredSessions)).getByText("Every hour at 7, 22, 37 and 52 minutes past")).toBeInTheDocument();
    expect(within(rowOf(s.caption, o.jobs.remindersSend)).getByText(s.custom)).toBeInTheDocument();
    expect(within(rowOf(s.caption, o.jobs.remindersSend)).getAllByText(s.notYet)).toHaveLength(2);
  });

  it("show no code names: no queue name, event type, state or camelCase word outside the errors the services gave", () => {
    const { container } = tables();
    // Each cell, caption and button on its own (the page's text run together would join words).
    const texts = [...container.querySelectorAll("caption, th, td, button")].map((e) => e.textContent ?? "").filter((x) => x !== "Sage invoice creation failed (503 ServiceUnavailable)");
    for (const text of texts) {
      for (const code of ["invoice.raise", "checkout.session", "SESSION_COMPLETION", "customer.created", "a-new-service", "some.new-job", "failing", "accepted", "createSalesInvoice", "*/5"]) expect(text).not.toContain(code);
      expect(text).not.toMatch(/\b[a-z]+[A-Z][a-z]+/);
    }
    expect(texts.length).toBeGreaterThan(40);
  });

  it("are in Welsh for a Welsh reader", () => {
    tables("cy");
    expect(screen.getByRole("table", { name: cy.operations.services.caption })).toBeInTheDocument();
    expect(screen.getByText(cy.operations.services.names.sage)).toBeInTheDocument();
    expect(screen.getByText(cy.operations.jobs.invoiceRaise)).toBeInTheDocument();
  });
});

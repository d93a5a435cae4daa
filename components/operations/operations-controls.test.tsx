import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import messages from "@/messages/en-GB.json";
import { AutoRefresh, REFRESH_MS } from "./auto-refresh";
import { FailedJobActions } from "./failed-job-actions";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));
const showToast = jest.fn();
jest.mock("@/components/ui/toast", () => ({ showToast: (...args: unknown[]) => showToast(...args) }));

const t = messages.operations;

function inIntl(node: React.ReactNode) {
  return render(
    <NextIntlClientProvider locale="en-GB" timeZone="Europe/London" messages={messages}>
      {node}
    </NextIntlClientProvider>,
  );
}

describe("AutoRefresh", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    jest.clearAllMocks();
  });

  it("says when the page was read and renders it again every 15 seconds until paused", () => {
    inIntl(<AutoRefresh updatedAt="11:02:15" />);
    expect(screen.getByText("Updated at 11:02:15")).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(REFRESH_MS - 1));
    expect(refresh).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(refresh).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole("button", { name: t.refresh.pause }));
    expect(screen.getByText("Updates paused at 11:02:15")).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(REFRESH_MS * 3));
    expect(refresh).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole("button", { name: t.refresh.resume }));
    act(() => jest.advanceTimersByTime(REFRESH_MS));
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});

function answer(status: number, body: unknown) {
  return jest.fn(async () => ({ ok: status >= 200 && status < 300, status, json: async () => body }));
}

describe("FailedJobActions", () => {
  afterEach(() => jest.clearAllMocks());
  const job = { queue: "invoice.raise", id: "6f1c2a52-0000-4000-8000-000000000001", task: "Raise an invoice in Sage" };

  it("retries at once, says so and refreshes the page", async () => {
    const fetchMock = answer(200, { retried: true });
    global.fetch = fetchMock as unknown as typeof fetch;
    inIntl(<FailedJobActions {...job} />);
    fireEvent.click(screen.getByRole("button", { name: "Retry the failed task: Raise an invoice in Sage" }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith("success", t.failedJobs.retried));
    expect(fetchMock).toHaveBeenCalledWith("/api/admin/operations/jobs/retry", expect.objectContaining({ method: "POST", body: JSON.stringify({ queue: job.queue, id: job.id }) }));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("asks before discarding, and sends nothing when cancelled", async () => {
    const fetchMock = answer(200, { discarded: true });
    global.fetch = fetchMock as unknown as typeof fetch;
    inIntl(<FailedJobActions {...job} />);
    fireEvent.click(screen.getByRole("button", { name: "Discard the failed task: Raise an invoice in Sage" }));
    expect(await screen.findByRole("dialog", { name: t.failedJobs.confirmTitle })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: t.failedJobs.cancel }));
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Discard the failed task: Raise an invoice in Sage" }));
    fireEvent.click(await screen.findByRole("button", { name: t.failedJobs.confirm }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith("success", t.failedJobs.discarded));
    expect(fetchMock).toHaveBeenCalledWith("/api/admin/operations/jobs/discard", expect.objectContaining({ method: "POST" }));
  });

  it("shows the server's reason when it refuses", async () => {
    global.fetch = answer(409, { error: "conflict", message: messages.apiErrors.job_not_failed }) as unknown as typeof fetch;
    inIntl(<FailedJobActions {...job} />);
    fireEvent.click(screen.getByRole("button", { name: "Retry the failed task: Raise an invoice in Sage" }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith("error", t.failedJobs.failedTitle, { description: messages.apiErrors.job_not_failed }));
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});

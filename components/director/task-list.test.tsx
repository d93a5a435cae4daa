import { render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import messages from "@/messages/en-GB.json";
import { directorTaskList, type TaskListDirector } from "@/lib/domain/director-journey";
import { TaskList } from "./task-list";

const now = new Date("2026-11-23T12:00:00Z");
const fresh: TaskListDirector = { status: "AwaitingIDInfo", detailsComplete: false, idvFailedAttempts: 0, sessionUrl: null, sessionExpiry: null };

function renderList(director: Partial<TaskListDirector>, targets?: Parameters<typeof TaskList>[0]["targets"]) {
  return render(
    <NextIntlClientProvider locale="en-GB" messages={messages}>
      <TaskList tasks={directorTaskList({ ...fresh, ...director }, now)} targets={targets} />
    </NextIntlClientProvider>,
  );
}

/** Each task's row: its name, its state in words, and where its link goes (null: no link). */
function rows() {
  return within(screen.getByTestId("task-list"))
    .getAllByRole("listitem")
    .map((li) => {
      const link = within(li).queryByRole("link");
      return { text: li.textContent, href: link?.getAttribute("href") ?? null };
    });
}

describe("TaskList", () => {
  it("says by when to verify, as people write dates, when a date binds the director, and nothing otherwise", () => {
    const { unmount } = render(
      <NextIntlClientProvider locale="en-GB" messages={messages}>
        <TaskList tasks={directorTaskList(fresh, now)} verifyBy={{ date: "2027-03-14", overdue: false }} />
      </NextIntlClientProvider>,
    );
    expect(screen.getByTestId("verify-by")).toHaveTextContent("Verify by 14 March 2027.");
    unmount();
    const overdue = render(
      <NextIntlClientProvider locale="en-GB" messages={messages}>
        <TaskList tasks={directorTaskList(fresh, now)} verifyBy={{ date: "2026-11-01", overdue: true }} />
      </NextIntlClientProvider>,
    );
    expect(screen.getByTestId("verify-by")).toHaveTextContent("Overdue: you should have been verified by 1 November 2026. Please complete these tasks now.");
    overdue.unmount();
    renderList({});
    expect(screen.queryByTestId("verify-by")).toBeNull();
  });

  it("lists the three tasks under a heading, the later two not yet startable and not links", () => {
    renderList({});
    expect(screen.getByRole("heading", { level: 2, name: "Your tasks" })).toBeInTheDocument();
    expect(rows()).toEqual([
      { text: "Your detailsNot started", href: "#your-details" },
      { text: "Identity checkCannot start yet", href: null },
      { text: "Companies House personal codeCannot start yet", href: null },
    ]);
  });

  it("describes each task's link by its state", () => {
    renderList({ detailsComplete: true });
    const link = screen.getByRole("link", { name: "Identity check" });
    expect(link).toHaveAttribute("href", "#identity-check");
    expect(link).toHaveAccessibleDescription("Not started");
    expect(screen.getByRole("link", { name: "Your details" })).toHaveAccessibleDescription("Completed");
  });

  it("shows the details in progress once some of the address is given", () => {
    renderList({ addressLine1: "1 Elm Grove" });
    expect(rows()[0]!.text).toBe("Your detailsIn progress");
  });

  it.each([
    [{ detailsComplete: true, sessionUrl: "https://yoti.example/s", sessionExpiry: "2026-11-23T13:00:00Z" }, "In progress"],
    [{ detailsComplete: true, idvFailedAttempts: 1 }, "Failed, two attempts left"],
    [{ detailsComplete: true, idvFailedAttempts: 2 }, "Failed, one attempt left"],
    [{ status: "UnderReview" as const }, "Under review"],
    [{ status: "OutstandingIDInfo" as const }, "More documents needed"],
    [{ status: "Rejected" as const }, "Rejected"],
    [{ status: "AwaitingAuthCode" as const }, "Completed"],
  ])("shows the identity check of %j as %s", (director, state) => {
    renderList(director);
    expect(rows()[1]!.text).toBe(`Identity check${state}`);
  });

  it("offers the personal code once the identity is verified, and shows it completed at the end", () => {
    const { unmount } = renderList({ status: "Verified" });
    expect(rows()[2]).toEqual({ text: "Companies House personal codeNot started", href: "#personal-code" });
    unmount();
    renderList({ status: "Complete" });
    expect(rows().map((r) => r.text)).toEqual(["Your detailsCompleted", "Identity checkCompleted", "Companies House personal codeCompleted"]);
  });

  it("links the check to another section when the page says so (the evidence asked for)", () => {
    renderList({ status: "OutstandingIDInfo" }, { identityCheck: "supporting-documents" });
    expect(screen.getByRole("link", { name: "Identity check" })).toHaveAttribute("href", "#supporting-documents");
  });
});

import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { RegisterFindings } from "@/lib/server/companies-house/register-check-findings";
import messages from "@/messages/en-GB.json";
import { RegisterCheckActions } from "./register-check-dialogs";
import { RegisterFindingsView } from "./register-findings";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));
const success = jest.fn();
const error = jest.fn();
jest.mock("@/components/ui/toast", () => ({ useToastMessages: () => ({ success, error }) }));

const mismatch: RegisterFindings = {
  latest: {
    id: 7,
    companyNumber: "10984562",
    checkedAt: new Date("2026-03-03T10:00:00Z"),
    outcome: "mismatch",
    attempts: 1,
    verifiedName: "Siobhan Mary Murphy",
    verifiedFrom: "document",
    verifiedBirthMonth: 3,
    verifiedBirthYear: 1979,
    registerName: "Siobhan Mary O'Brien",
    registerRole: "director",
    registerAppointedOn: "2020-02-01",
    registerActive: true,
    registerBirthMonth: 3,
    registerBirthYear: 1979,
    nameResult: "mismatch",
    birthResult: "match",
    resolvedAt: null,
    resolvedBy: null,
    resolutionReason: null,
    open: true,
  },
  pending: false,
  otherRecords: [
    { directorId: 11, clientId: 4, clientName: "Northgate Property Services Ltd", status: "Complete", verifiedAt: new Date("2026-03-03T12:00:00Z"), matchedBy: "officerId" },
    { directorId: 12, clientId: 5, clientName: "Kestrel & Wren Trading Limited", status: "AwaitingIDInfo", verifiedAt: null, matchedBy: "nameAndBirth" },
  ],
  verifiedThrough: null,
};

function show(findings: RegisterFindings | undefined, withActions = false) {
  return render(
    <NextIntlClientProvider locale="en-GB" messages={messages} timeZone="Europe/London">
      <RegisterFindingsView
        findings={findings}
        actions={withActions ? <RegisterCheckActions director={{ id: 3, name: "Siobhan O'Brien", checkPassedAt: "2026-03-03T09:00:00Z" }} findings={findings} /> : null}
      />
    </NextIntlClientProvider>,
  );
}

describe("RegisterFindingsView", () => {
  afterEach(() => jest.clearAllMocks());

  it("shows a mismatch with both sides' values, as needing resolving", () => {
    show(mismatch);
    const section = screen.getByTestId("register-findings");
    expect(within(section).getByTestId("register-outcome")).toHaveTextContent("Differs from the register");
    expect(section).toHaveTextContent("Name on the identity documentSiobhan Mary Murphy");
    expect(section).toHaveTextContent("Name on the registerSiobhan Mary O'Brien");
    expect(section).toHaveTextContent("Month and year of birth on the documentMarch 1979");
    expect(section).toHaveTextContent("Month and year of birth on the registerMarch 1979");
    expect(section).toHaveTextContent("Role on the registerDirector, since 1 February 2020");
    expect(section).toHaveTextContent("NamesDifferent");
    expect(screen.getByText("Needs resolving")).toBeInTheDocument();
    // No enum names on the screen.
    expect(section.textContent).not.toMatch(/mismatch|not_on_register|AwaitingIDInfo|officerId/);
  });

  it("lists the person's other records with links to their clients", () => {
    show(mismatch);
    const items = within(screen.getByTestId("other-records")).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Also a director of Northgate Property Services Ltd — verified 3 March 2026 (recognised by their Companies House officer id)");
    expect(within(items[0]!).getByRole("link", { name: "Northgate Property Services Ltd" })).toHaveAttribute("href", "/administration/client-management/4");
    expect(items[1]).toHaveTextContent("Also a director of Kestrel & Wren Trading Limited — Awaiting details and identity check (recognised by name and date of birth)".replace("Awaiting details and identity check", messages.statuses.director.AwaitingIDInfo));
  });

  it("says how a finding was resolved, and that a check is on its way", () => {
    show({ ...mismatch, pending: true, latest: { ...mismatch.latest!, open: false, resolvedAt: new Date("2026-03-04T09:30:00Z"), resolvedBy: "admin@portal.example", resolutionReason: "Married in 2024" } });
    expect(screen.getByTestId("register-resolved")).toHaveTextContent("Resolved by admin@portal.example on 4 March 2026: Married in 2024");
    expect(screen.getByTestId("register-pending")).toBeInTheDocument();
    expect(screen.queryByText("Needs resolving")).not.toBeInTheDocument();
  });

  it("with no check yet says so", () => {
    show({ latest: null, pending: false, otherRecords: [], verifiedThrough: null });
    expect(screen.getByText(messages.clientDetail.register.none)).toBeInTheDocument();
    expect(screen.getByText(messages.clientDetail.register.noOtherRecords)).toBeInTheDocument();
  });
});

describe("RegisterCheckActions", () => {
  afterEach(() => jest.clearAllMocks());

  it("records the resolution through the route, refusing a reason of 10 characters or fewer first", async () => {
    const fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ success: true }) }));
    global.fetch = fetchMock as unknown as typeof fetch;
    show(mismatch, true);
    fireEvent.click(screen.getByRole("button", { name: "Record how it was resolved" }));
    const dialog = await screen.findByRole("dialog");
    const reason = within(dialog).getByLabelText(/How it was resolved/);
    fireEvent.change(reason, { target: { value: "Too short" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Record" }));
    expect((await within(dialog).findAllByText("Reason must be longer than 10 characters.")).length).toBeGreaterThan(0);
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(reason, { target: { value: "Married in 2024, certificate seen" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Record" }));
    await waitFor(() => expect(success).toHaveBeenCalledWith("registerCheckResolved"));
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/admin/director-verification/directors/3/register-checks/7/resolve",
      expect.objectContaining({ method: "POST", body: JSON.stringify({ reason: "Married in 2024, certificate seen" }) }),
    );
    expect(refresh).toHaveBeenCalled();
  });

  it("asks for the check again", async () => {
    const fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ success: true }) }));
    global.fetch = fetchMock as unknown as typeof fetch;
    show({ ...mismatch, latest: { ...mismatch.latest!, outcome: "register_unavailable", registerName: null, open: true } }, true);
    expect(screen.getByTestId("register-findings")).toHaveTextContent("Attempts made1");
    fireEvent.click(screen.getByRole("button", { name: "Check the register again" }));
    await waitFor(() => expect(success).toHaveBeenCalledWith("registerRecheckQueued"));
    expect(fetchMock).toHaveBeenCalledWith("/api/admin/director-verification/directors/3/register-checks", expect.objectContaining({ method: "POST" }));
  });
});

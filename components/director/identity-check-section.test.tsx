import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import messages from "@/messages/en-GB.json";
import { identityCheckApi, type IdentityCheckDirector } from "./identity-check-model";
import { IdentityCheckSection } from "./identity-check-section";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  refresh.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

/** jsdom has no Response: what the component reads of one. */
const reply = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) });

const base: IdentityCheckDirector = { status: "AwaitingIDInfo", sessionUrl: null, sessionExpiry: null, idvFailedAttempts: 0, detailsComplete: true };
const later = () => new Date(Date.now() + 60 * 60_000).toISOString();

function renderSection(director: Partial<IdentityCheckDirector> = {}) {
  return render(
    <NextIntlClientProvider locale="en-GB" messages={messages}>
      <IdentityCheckSection director={{ ...base, ...director }} />
    </NextIntlClientProvider>,
  );
}

describe("IdentityCheckSection", () => {
  it("shows the check as not yet available, and why, until the details are saved", () => {
    renderSection({ detailsComplete: false });
    expect(screen.getByText("Not yet available")).toBeInTheDocument();
    expect(screen.getByTestId("identity-check-not-available")).toHaveTextContent(/last 12 months/);
    expect(screen.queryByRole("button", { name: "Start identity check" })).toBeNull();
    expect(screen.getByRole("link", { name: "Go to your details" })).toHaveAttribute("href", "#details-title");
  });

  it("starts the check and shows the provider's page in a frame, with a link for blocked frames", async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { sessionUrl: "https://yoti.example/web/index.html?sessionID=s&sessionToken=t", sessionExpiry: later() }));
    renderSection();
    fireEvent.click(screen.getByRole("button", { name: "Start identity check" }));
    const frame = await screen.findByTitle("Identity check at Yoti");
    expect(frame).toHaveAttribute("src", "https://yoti.example/web/index.html?sessionID=s&sessionToken=t");
    expect(fetchMock).toHaveBeenCalledWith(identityCheckApi.start, expect.objectContaining({ method: "POST" }));
    expect(screen.getByText(/may take a few minutes/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /open the identity check in a new tab/ })).toHaveAttribute("href", identityCheckApi.atYoti);
  });

  it("says so when the check cannot be started, and keeps the button", async () => {
    fetchMock.mockResolvedValueOnce(reply(503, {}));
    renderSection();
    fireEvent.click(screen.getByRole("button", { name: "Start identity check" }));
    expect(await screen.findByText("The identity check could not be started. Please try again later.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Start identity check" })).toBeInTheDocument();
    expect(screen.queryByTitle("Identity check at Yoti")).toBeNull();
  });

  it("shows the server's message when today's limit of new checks is reached", async () => {
    const message = "You have started 5 identity checks today, the most we allow in one day. Please try again tomorrow.";
    fetchMock.mockResolvedValueOnce(reply(429, { error: "rate_limited", message, retryAfterSeconds: 3600 }));
    renderSection();
    fireEvent.click(screen.getByRole("button", { name: "Start identity check" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText("The identity check could not be started. Please try again later.")).toBeNull();
    expect(screen.queryByTitle("Identity check at Yoti")).toBeNull();
  });

  it("offers a retry after a failed check, and a new start after an expired link", () => {
    const { unmount } = renderSection({ idvFailedAttempts: 1 });
    expect(screen.getByText("Verification failed. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    unmount();
    renderSection({ status: "IDVLinkExpired", sessionUrl: "https://yoti.example/old", sessionExpiry: later() });
    expect(screen.getByRole("button", { name: "Start a new identity check" })).toBeInTheDocument();
    expect(screen.queryByTitle("Identity check at Yoti")).toBeNull();
  });

  it("says how many attempts are left after a failed check, and none once Rejected", () => {
    const { unmount } = renderSection({ idvFailedAttempts: 1 });
    expect(screen.getByTestId("identity-check-attempts-left")).toHaveTextContent("You have two attempts left.");
    unmount();
    const second = renderSection({ idvFailedAttempts: 2 });
    expect(screen.getByTestId("identity-check-attempts-left")).toHaveTextContent("You have one attempt left.");
    second.unmount();
    renderSection({ status: "Rejected", idvFailedAttempts: 3 });
    expect(screen.getByTestId("identity-check-attempts-left")).toHaveTextContent("You have no attempts left at the identity check.");
  });

  it("does not show a link that has run out", () => {
    renderSection({ sessionUrl: "https://yoti.example/old", sessionExpiry: new Date(Date.now() - 1000).toISOString() });
    expect(screen.queryByTitle("Identity check at Yoti")).toBeNull();
    expect(screen.getByRole("button", { name: "Start identity check" })).toBeInTheDocument();
  });

  it("records the visit once when the frame loads", async () => {
    fetchMock.mockResolvedValue(reply(200, { sessionUrl: "x" }));
    renderSection({ sessionUrl: "https://yoti.example/web/index.html", sessionExpiry: later() });
    const frame = screen.getByTitle("Identity check at Yoti");
    fireEvent.load(frame);
    fireEvent.load(frame);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![0]).toBe(identityCheckApi.atYoti);
  });

  it("says what happened once the check is over, and leaves OutstandingIDInfo to the evidence section", () => {
    const cases: [IdentityCheckDirector["status"], string][] = [
      ["AwaitingAuthCode", "Your identity has been checked."],
      ["UnderReview", "our team is reviewing the result"],
      ["Rejected", "We could not verify your identity"],
    ];
    for (const [status, text] of cases) {
      const { unmount } = renderSection({ status });
      expect(screen.getByText(new RegExp(text))).toBeInTheDocument();
      expect(screen.queryByRole("button")).toBeNull();
      unmount();
    }
    const { container } = renderSection({ status: "OutstandingIDInfo" });
    expect(container).toBeEmptyDOMElement();
  });
});

import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import messages from "@/messages/en-GB.json";
import { ResendInvitationButton } from "./resend-invitation-button";

const showToast = jest.fn();
jest.mock("@/components/ui/toast", () => ({ showToast: (...args: unknown[]) => showToast(...args) }));

const director = { id: 42, name: "James Whitaker", email: "james.whitaker@hartwell-holdings.example" };

function answer(status: number, body: unknown) {
  return jest.fn(async () => ({ ok: status >= 200 && status < 300, status, json: async () => body }));
}

function press() {
  render(
    <NextIntlClientProvider locale="en-GB" messages={messages}>
      <ResendInvitationButton director={director} />
    </NextIntlClientProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Resend invitation James Whitaker" }));
}

describe("ResendInvitationButton", () => {
  afterEach(() => jest.clearAllMocks());

  it("posts to the individual's resend route and says the invitation went, to whom", async () => {
    const fetchMock = answer(200, { success: true });
    global.fetch = fetchMock as unknown as typeof fetch;
    press();
    await waitFor(() => expect(showToast).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledWith("/api/director-verification/directors/42/resend-invitation", expect.objectContaining({ method: "POST" }));
    expect(showToast).toHaveBeenCalledWith("success", "Invitation sent again", { description: `We have emailed James Whitaker their invitation again at ${director.email}.` });
  });

  it("shows the server's reason on 429 and 409", async () => {
    for (const [status, message] of [
      [429, "This invitation was resent in the last 10 minutes. You can resend it again in 7 minutes."],
      [409, "This individual has not been invited yet, so there is no invitation to resend. They are invited once the request is paid."],
    ] as const) {
      global.fetch = answer(status, { error: "x", message }) as unknown as typeof fetch;
      press();
      await waitFor(() => expect(showToast).toHaveBeenCalledWith("error", "The invitation was not resent", { description: message }));
      document.body.innerHTML = "";
    }
  });

  it("never shows a server's text for other failures", async () => {
    global.fetch = answer(500, { message: "TypeError: x is undefined" }) as unknown as typeof fetch;
    press();
    await waitFor(() => expect(showToast).toHaveBeenCalledWith("error", "The invitation was not resent", { description: "Please try again later." }));
  });
});

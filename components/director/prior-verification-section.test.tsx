import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import messages from "@/messages/en-GB.json";
import { PriorVerificationSection } from "./prior-verification-section";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));
const success = jest.fn();
const error = jest.fn();
jest.mock("@/components/ui/toast", () => ({ useToastMessages: () => ({ success, error }) }));

const fetchMock = jest.fn();
beforeEach(() => {
  jest.clearAllMocks();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

function renderSection() {
  return render(
    <NextIntlClientProvider locale="en-GB" messages={messages} timeZone="Europe/London">
      <PriorVerificationSection offer={{ companyName: "Northgate Property Services Ltd", verifiedAt: new Date("2026-03-03T11:00:00Z") }} />
    </NextIntlClientProvider>,
  );
}

describe("PriorVerificationSection", () => {
  it("says where and when they verified, and asks them to confirm and enter their code", () => {
    renderSection();
    expect(screen.getByTestId("prior-verification")).toHaveTextContent(
      "You have already verified your identity with us for Northgate Property Services Ltd on 3 March 2026. Confirm it is you and enter your Companies House personal code.",
    );
    expect(screen.getByRole("checkbox", { name: "I confirm I am the person who verified their identity with you for Northgate Property Services Ltd" })).not.toBeChecked();
  });

  it("needs the confirmation before sending anything", async () => {
    renderSection();
    fireEvent.change(screen.getByRole("textbox", { name: /Your Companies House personal code/ }), { target: { value: "SOB12345678" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm and send my code" }));
    expect((await screen.findAllByText("Confirm that you are the person who verified before")).length).toBeGreaterThan(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the confirmation and the code, and shows a code that is not the earlier one on its field", async () => {
    fetchMock.mockResolvedValueOnce({ ok: false, status: 400, json: async () => ({ fields: { companiesHouseCode: ["priorCodeMismatch"] } }) });
    renderSection();
    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.change(screen.getByRole("textbox", { name: /Your Companies House personal code/ }), { target: { value: "sob1 2345 678" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm and send my code" }));
    expect((await screen.findAllByText(messages.directorJourney.validation.priorCodeMismatch)).length).toBeGreaterThan(0);
    expect(fetchMock).toHaveBeenCalledWith("/api/director-verification/director/prior-verification", expect.objectContaining({ method: "POST", body: JSON.stringify({ confirm: true, companiesHouseCode: "SOB12345678" }) }));

    fetchMock.mockResolvedValueOnce({ ok: true, status: 200, json: async () => ({ success: true, status: "Complete" }) });
    fireEvent.click(screen.getByRole("button", { name: "Confirm and send my code" }));
    await waitFor(() => expect(success).toHaveBeenCalledWith("priorVerificationConfirmed"));
    expect(refresh).toHaveBeenCalled();
  });
});

import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import messages from "@/messages/en-GB.json";
import { RaiseInvoiceButton } from "./raise-invoice-button";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));
const showToast = jest.fn();
const success = jest.fn();
const error = jest.fn();
jest.mock("@/components/ui/toast", () => ({
  showToast: (...args: unknown[]) => showToast(...args),
  useToastMessages: () => ({ success, error }),
}));

function answer(status: number, body: unknown) {
  // jsdom has no Response: the button reads only ok, status and json().
  return jest.fn(async () => ({ ok: status >= 200 && status < 300, status, json: async () => body }));
}

function click() {
  render(
    <NextIntlClientProvider locale="en-GB" messages={messages}>
      <RaiseInvoiceButton clientId={42} />
    </NextIntlClientProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Raise invoice in Sage" }));
}

describe("RaiseInvoiceButton", () => {
  afterEach(() => jest.clearAllMocks());

  it("posts to the client's invoice route, confirms, and refreshes the page", async () => {
    const fetchMock = answer(200, { queued: true });
    global.fetch = fetchMock as unknown as typeof fetch;
    click();
    await waitFor(() => expect(success).toHaveBeenCalledWith("invoiceRetryQueued"));
    expect(fetchMock).toHaveBeenCalledWith("/api/admin/director-verification/clients/42/invoice", expect.objectContaining({ method: "POST" }));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(showToast).not.toHaveBeenCalled();
  });

  it("says why the server refused (409), in the server's words", async () => {
    global.fetch = answer(409, { error: "conflict", message: messages.apiErrors.invoice_in_progress }) as unknown as typeof fetch;
    click();
    await waitFor(() => expect(showToast).toHaveBeenCalledWith("error", messages.toasts.invoiceRetryFailed.title, { description: messages.apiErrors.invoice_in_progress }));
    expect(success).not.toHaveBeenCalled();
  });

  it("falls back to the generic message on any other failure", async () => {
    global.fetch = answer(500, { error: "server_error", message: "An error occurred on the server." }) as unknown as typeof fetch;
    click();
    await waitFor(() => expect(showToast).toHaveBeenCalledWith("error", messages.toasts.invoiceRetryFailed.title, { description: messages.toasts.invoiceRetryFailed.description }));
  });
});

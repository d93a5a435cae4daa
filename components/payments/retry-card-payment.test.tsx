import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import messages from "@/messages/en-GB.json";
import { RetryCardPayment } from "./retry-card-payment";

const goTo = jest.fn();
jest.mock("./navigate", () => ({ goTo: (url: string) => goTo(url) }));

function answer(status: number, body: unknown) {
  // jsdom has no Response: the button reads only ok, status and json().
  return jest.fn(async () => ({ ok: status >= 200 && status < 300, status, json: async () => body }));
}

function clickPayNow() {
  render(
    <NextIntlClientProvider locale="en-GB" messages={messages}>
      <RetryCardPayment reference="ABCD2345" secret="s3cr3t-credential-of-43-characters-xxxxxxx" />
    </NextIntlClientProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Pay now" }));
}

describe("RetryCardPayment", () => {
  afterEach(() => jest.clearAllMocks());

  it("posts the reference and credential, then goes to the page the server names", async () => {
    const fetchMock = answer(200, { url: "https://checkout.example/pay/cs_test_1" });
    global.fetch = fetchMock as unknown as typeof fetch;
    clickPayNow();
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("https://checkout.example/pay/cs_test_1"));
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/requests/identity-verification/payment",
      expect.objectContaining({ method: "POST", body: JSON.stringify({ reference: "ABCD2345", secret: "s3cr3t-credential-of-43-characters-xxxxxxx" }) }),
    );
  });

  it("with a payment token (no reference on the page): posts the token to the pay-now route", async () => {
    const fetchMock = answer(200, { url: "https://checkout.example/pay/cs_test_2" });
    global.fetch = fetchMock as unknown as typeof fetch;
    render(
      <NextIntlClientProvider locale="en-GB" messages={messages}>
        <RetryCardPayment token="12.s3cr3t-credential-of-43-characters-xxxxxxx" />
      </NextIntlClientProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Pay now" }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("https://checkout.example/pay/cs_test_2"));
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/requests/identity-verification/continue",
      expect.objectContaining({ method: "POST", body: JSON.stringify({ token: "12.s3cr3t-credential-of-43-characters-xxxxxxx" }) }),
    );
  });

  it("when Stripe is still failing (503): says so, stays, and the button can be pressed again", async () => {
    global.fetch = answer(503, { error: "unavailable" }) as unknown as typeof fetch;
    clickPayNow();
    expect(await screen.findByRole("alert")).toHaveTextContent(messages.payments.retry.failed);
    expect(goTo).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Pay now" })).not.toHaveAttribute("aria-disabled", "true");
  });

  it("a credential the server does not know (404): says the link is not valid", async () => {
    global.fetch = answer(404, { error: "not_found" }) as unknown as typeof fetch;
    clickPayNow();
    expect(await screen.findByRole("alert")).toHaveTextContent(messages.payments.retry.notFound);
  });
});

import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { StartPayment } from "./start-payment";

const goTo = jest.fn();
jest.mock("./navigate", () => ({ goTo: (url: string) => goTo(url) }));

function answer(status: number, body: unknown) {
  // jsdom has no Response: the button reads only ok, status and json().
  return jest.fn(async () => ({ ok: status >= 200 && status < 300, status, json: async () => body }));
}

function press() {
  render(<StartPayment endpoint="/api/director-verification/company/additions/7/payment" label="Pay £78.00 now" startingLabel="Opening the payment page…" failed="It could not be started." />);
  fireEvent.click(screen.getByRole("button", { name: "Pay £78.00 now" }));
}

describe("StartPayment", () => {
  afterEach(() => jest.clearAllMocks());

  it("posts to the route, with no body when it takes none, and leaves for the page it names", async () => {
    const fetchMock = answer(200, { url: "https://checkout.example/pay/cs_test_7" });
    global.fetch = fetchMock as unknown as typeof fetch;
    press();
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("https://checkout.example/pay/cs_test_7"));
    expect(fetchMock).toHaveBeenCalledWith("/api/director-verification/company/additions/7/payment", { method: "POST", credentials: "same-origin" });
  });

  it("an answer without an address is a failure: said, focused, and the button works again", async () => {
    global.fetch = answer(200, {}) as unknown as typeof fetch;
    press();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("It could not be started.");
    await waitFor(() => expect(alert).toHaveFocus());
    expect(goTo).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Pay £78.00 now" })).not.toHaveAttribute("aria-disabled", "true");
  });

  it("a 404 without its own text is said as any failure", async () => {
    global.fetch = answer(404, { error: "not_found" }) as unknown as typeof fetch;
    press();
    expect(await screen.findByRole("alert")).toHaveTextContent("It could not be started.");
  });
});

import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import messages from "@/messages/en-GB.json";
import { loginPrefill, type LoginQuery } from "@/lib/auth/login-prefill";
import { LoginForm } from "./login-form";

// No bot check script in jsdom: the form sends without a token, as it does when none is configured.
jest.mock("@/components/bot-check/use-bot-check", () => ({ useBotCheck: () => ({ preload: () => undefined, token: async () => undefined }) }));

/** The sign-in page as the page renders it for this query (app/(public)/login/page.tsx). */
function openLogin(query: LoginQuery) {
  render(
    <NextIntlClientProvider locale="en-GB" messages={messages}>
      <LoginForm linkMinutes={15} botCheck={{ scriptUrl: "/none.js" }} prefill={loginPrefill(query)} />
    </NextIntlClientProvider>,
  );
}

describe("LoginForm filled in from the invitation's link", () => {
  afterEach(() => jest.restoreAllMocks());

  it("fills in the email and reference of the query, sends nothing by itself, and one press asks for the link", async () => {
    const fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ success: true }), headers: new Map() }));
    global.fetch = fetchMock as unknown as typeof fetch;
    openLogin({ email: "james.whitaker@hartwell-holdings.example", reference: "JW4T8KQM" });
    expect(screen.getByLabelText("Email address")).toHaveValue("james.whitaker@hartwell-holdings.example");
    expect(screen.getByLabelText("Reference number")).toHaveValue("JW4T8KQM");
    expect(screen.getByTestId("login-prefilled")).toHaveTextContent("filled in from your invitation");
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Email me a sign-in link" }));
    expect(await screen.findByText("Check your email")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith("/api/send-link", expect.objectContaining({ method: "POST" }));
    const body = JSON.parse((fetchMock.mock.calls[0] as unknown as [string, { body: string }])[1].body);
    expect(body).toMatchObject({ email: "james.whitaker@hartwell-holdings.example", reference: "JW4T8KQM" });
  });

  it("leaves out a value the sign-in schema refuses, keeping the valid one", async () => {
    openLogin({ email: "not-an-email", reference: "JW4T8KQM" });
    expect(screen.getByLabelText("Email address")).toHaveValue("");
    expect(screen.getByLabelText("Reference number")).toHaveValue("JW4T8KQM");
    expect(screen.queryByTestId("login-prefilled")).toBeNull();
  });

  it("starts empty without a query, or with markup or repeated names in it", async () => {
    openLogin({ email: ["a@b.example", "c@d.example"], reference: "<img src=x onerror=alert(1)>" });
    expect(screen.getByLabelText("Email address")).toHaveValue("");
    expect(screen.getByLabelText("Reference number")).toHaveValue("");
    await waitFor(() => expect(screen.queryByTestId("login-prefilled")).toBeNull());
  });
});

describe("LoginForm checks before sending", () => {
  afterEach(() => jest.restoreAllMocks());

  it("sends nothing while a field is refused, focuses the first, and checks again as it changes", async () => {
    const fetchMock = jest.fn();
    global.fetch = fetchMock as unknown as typeof fetch;
    openLogin({});
    fireEvent.change(screen.getByLabelText("Reference number"), { target: { value: "JW4T8KQM" } });
    fireEvent.click(screen.getByRole("button", { name: "Email me a sign-in link" }));
    expect(await screen.findByText("Required")).toBeInTheDocument();
    expect(screen.getByLabelText("Email address")).toHaveFocus();
    expect(screen.getByLabelText("Email address")).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText("Email address"), { target: { value: "not an email" } });
    expect(await screen.findByText("Enter a valid email address")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Email address"), { target: { value: "  james.whitaker@hartwell-holdings.example " } });
    await waitFor(() => expect(screen.queryByText("Enter a valid email address")).toBeNull());
  });

  it("sends the values trimmed, and shows the server's refusal of a field on that field", async () => {
    const fetchMock = jest.fn(async () => ({ ok: false, status: 400, json: async () => ({ fields: { reference: ["reference"] } }), headers: new Map() }));
    global.fetch = fetchMock as unknown as typeof fetch;
    openLogin({});
    fireEvent.change(screen.getByLabelText("Email address"), { target: { value: " ada@example.com " } });
    fireEvent.change(screen.getByLabelText("Reference number"), { target: { value: "AB12CD34" } });
    fireEvent.click(screen.getByRole("button", { name: "Email me a sign-in link" }));
    expect(await screen.findByText("Enter the reference from your invitation email (letters and numbers)")).toBeInTheDocument();
    expect(screen.getByLabelText("Reference number")).toHaveFocus();
    const body = JSON.parse((fetchMock.mock.calls[0] as unknown as [string, { body: string }])[1].body);
    expect(body).toMatchObject({ email: "ada@example.com", reference: "AB12CD34" });
  });
});

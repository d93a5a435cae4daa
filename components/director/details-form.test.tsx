import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { toast as sonner } from "sonner";
import messages from "@/messages/en-GB.json";
import { markToasterMounted } from "@/components/ui/toast";
import { DetailsForm, DIRECTOR_API, type DetailsFormDirector } from "./details-form";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));
jest.mock("sonner", () => {
  const toast = Object.assign(jest.fn(), { success: jest.fn(), info: jest.fn(), error: jest.fn(), warning: jest.fn(), loading: jest.fn(), dismiss: jest.fn() });
  return { toast };
});

const fetchMock = jest.fn();
beforeAll(() => markToasterMounted(sonner));
beforeEach(() => {
  jest.clearAllMocks();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const director: DetailsFormDirector = {
  firstName: "Ada",
  lastName: "Lovelace",
  formerNameHistory: [],
  addressLine1: "1 Elm Grove",
  addressLine2: null,
  addressLine3: null,
  city: "York",
  state: null,
  postcode: "YO1 7HH",
  country: "GB",
  currentAddressStartDate: "2020-01-01",
  previousAddresses: [],
};

function renderForm() {
  return render(
    <NextIntlClientProvider locale="en-GB" messages={messages}>
      <DetailsForm director={director} countries={[{ value: "GB", label: "United Kingdom" }]} today="2026-11-23" />
    </NextIntlClientProvider>,
  );
}

const status = () => screen.getByTestId("details-save-status");

describe("DetailsForm save feedback", () => {
  it("says the details are saved, as a toast and a status message, after a change", async () => {
    fetchMock.mockResolvedValueOnce({ ok: true, status: 200, json: () => Promise.resolve({}) });
    renderForm();
    expect(status()).toHaveAttribute("role", "status");
    expect(status()).toBeEmptyDOMElement();
    fireEvent.change(screen.getByLabelText("Last name"), { target: { value: "King" } });
    fireEvent.click(screen.getByRole("button", { name: "Save details" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(status()).toHaveTextContent("Your details are saved"));
    expect(fetchMock).toHaveBeenCalledWith(DIRECTOR_API, expect.objectContaining({ method: "PATCH" }));
    expect(sonner.success).toHaveBeenCalledWith("Your details are saved", expect.anything());
    expect(screen.queryByText("Form submitted successfully")).toBeNull();
    expect(sonner.success).not.toHaveBeenCalledWith("Form submitted successfully", expect.anything());
    expect(refresh).toHaveBeenCalled();
  });

  it("says there is nothing to save, and sends nothing, when nothing changed", async () => {
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Save details" }));
    await waitFor(() => expect(status()).toHaveTextContent("Nothing to save. You have not changed any of your details since you last saved them."));
    expect(sonner.info).toHaveBeenCalledWith("Nothing to save", expect.objectContaining({ description: "You have not changed any of your details since you last saved them." }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("clears the message when the form is changed again, and says so beside the button when the save fails", async () => {
    fetchMock.mockResolvedValueOnce({ ok: false, status: 503, json: () => Promise.resolve({}) });
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Save details" }));
    await waitFor(() => expect(status()).toHaveTextContent("Nothing to save"));
    fireEvent.change(screen.getByLabelText("Last name"), { target: { value: "King" } });
    await waitFor(() => expect(status()).toBeEmptyDOMElement());
    fireEvent.click(screen.getByRole("button", { name: "Save details" }));
    await waitFor(() => expect(sonner.error).toHaveBeenCalledWith("Error submitting form", expect.anything()));
    // The toast goes; the status stays until the next save, the change still in the form to try again.
    expect(status()).toHaveTextContent("Error submitting form. Please try again later.");
    expect(screen.getByLabelText("Last name")).toHaveValue("King");
  });
});

describe("DetailsForm dates", () => {
  it("asks for dates in day, month and year boxes, sends them as YYYY-MM-DD, and says since when in words", async () => {
    fetchMock.mockResolvedValueOnce({ ok: true, status: 200, json: () => Promise.resolve({}) });
    renderForm();
    const since = screen.getByRole("group", { name: "Lived here since" });
    expect(since).toHaveAccessibleDescription("For example, 14 3 2024");
    expect((screen.getAllByLabelText("Day")[0] as HTMLInputElement).value).toBe("1");
    expect(screen.queryByText(/2025-11-23/)).toBeNull();
    fireEvent.change(screen.getAllByLabelText("Day")[0]!, { target: { value: "14" } });
    fireEvent.change(screen.getAllByLabelText("Month")[0]!, { target: { value: "3" } });
    fireEvent.change(screen.getAllByLabelText("Year")[0]!, { target: { value: "2024" } });
    fireEvent.click(screen.getByRole("button", { name: "Save details" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const body = JSON.parse(fetchMock.mock.calls[0][1].body);
    expect(body).toContainEqual({ op: "replace", path: "/currentAddressStartDate", value: "2024-03-14" });
  });

  it("lists an impossible date in the error summary, linked to its day box", async () => {
    renderForm();
    fireEvent.change(screen.getAllByLabelText("Month")[0]!, { target: { value: "13" } });
    fireEvent.click(screen.getByRole("button", { name: "Save details" }));
    const summary = await screen.findByText("There is a problem");
    const link = screen.getByRole("link", { name: "Enter a real date, for example 14 3 2024" });
    expect(summary.closest("[role=alert]")).toContainElement(link);
    expect(link).toHaveAttribute("href", "#details-currentAddressStartDate");
    fireEvent.click(link);
    expect(screen.getAllByLabelText("Day")[0]).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says from when previous addresses are needed as a date in words", () => {
    render(
      <NextIntlClientProvider locale="en-GB" messages={messages}>
        <DetailsForm director={{ ...director, currentAddressStartDate: "2026-06-01" }} countries={[{ value: "GB", label: "United Kingdom" }]} today="2026-11-23" />
      </NextIntlClientProvider>,
    );
    expect(screen.getByText(/where you have lived since 23 November 2025/)).toBeInTheDocument();
  });
});

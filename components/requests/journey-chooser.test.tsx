import { screen, within } from "@testing-library/react";
import { JourneyChooser } from "./journey-chooser";
import { renderWithMessages } from "@/tests/support/render-with-messages";

describe("JourneyChooser", () => {
  it("asks how the company will pay with three radios, each with its hint, in a GET form", () => {
    const { container } = renderWithMessages(<JourneyChooser error={false} />);
    const group = screen.getByRole("group", { name: "How will the company pay?" });
    const radios = within(group).getAllByRole("radio");
    expect(radios.map((r) => [r.getAttribute("name"), (r as HTMLInputElement).value])).toEqual([
      ["journey", "PayByCard"],
      ["journey", "PayByInvoice"],
      ["journey", "Existing"],
    ]);
    expect(screen.getByRole("radio", { name: "By card" })).toHaveAccessibleDescription("Pay by debit or credit card when you submit the request.");
    expect(screen.getByRole("radio", { name: "We are an existing customer" })).toBeInTheDocument();
    const form = container.querySelector("form")!;
    expect(form).toHaveAttribute("method", "get");
    expect(form).toHaveAttribute("action", "/requests/identity-verification/choose");
    expect(screen.getByRole("button", { name: "Continue" })).toHaveAttribute("type", "submit");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(container.querySelectorAll('input[type="hidden"]')).toHaveLength(0);
  });

  it("with an error: a focused summary linking to the first choice, and the group described by the message", () => {
    renderWithMessages(<JourneyChooser error />);
    const summary = screen.getByRole("alert");
    expect(summary).toHaveTextContent("There is a problem");
    expect(within(summary).getByRole("link", { name: "Select how the company will pay" })).toHaveAttribute("href", "#journey-PayByCard");
    expect(summary).toHaveFocus();
    expect(screen.getByRole("group", { name: "How will the company pay?" })).toHaveAccessibleDescription("Error: Select how the company will pay");
  });

  it("carries the company name and customer code it came with", () => {
    const { container } = renderWithMessages(<JourneyChooser error={false} companyName="Acme Ltd" lwdbNumber="LW100245" />);
    const hidden = [...container.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((i) => [i.name, i.value]);
    expect(hidden).toEqual([
      ["companyName", "Acme Ltd"],
      ["lwdbNumber", "LW100245"],
    ]);
  });
});

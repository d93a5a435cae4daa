import { fireEvent, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import messages from "@/messages/en-GB.json";
import { ErrorSummary, summaryItems } from "./error-summary";
import { Field, FieldIdScope } from "./field";
import { renderWithMessages } from "@/tests/support/render-with-messages";

describe("ErrorSummary", () => {
  it("renders nothing without problems", () => {
    renderWithMessages(<ErrorSummary items={[]} focusKey={1} />);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("titles the problems, links each to its field and focuses the field, not only the page position", () => {
    renderWithMessages(
      <FieldIdScope scope="f">
        <ErrorSummary items={[{ message: "Enter the company number", controlId: "f-company-companyId" }, { message: "Something about the whole form" }]} />
        <Field label="Company number" name="company.companyId" error="Enter the company number" />
      </FieldIdScope>,
    );
    const summary = screen.getByRole("alert");
    expect(summary).toHaveTextContent("There is a problem");
    const link = within(summary).getByRole("link", { name: "Enter the company number" });
    expect(link).toHaveAttribute("href", "#f-company-companyId");
    fireEvent.click(link);
    expect(screen.getByLabelText("Company number")).toHaveFocus();
    expect(within(summary).getByText("Something about the whole form").tagName).toBe("LI");
  });

  it("takes the focus when the focus key changes (a failed submit), not while the person edits", () => {
    const items = [{ message: "Enter your name", controlId: "x-name" }];
    const { rerender } = renderWithMessages(<ErrorSummary items={items} />);
    expect(screen.getByRole("alert")).not.toHaveFocus();
    const again = (key: number, list = items) =>
      rerender(
        <NextIntlClientProvider locale="en-GB" messages={messages}>
          <ErrorSummary items={list} focusKey={key} />
        </NextIntlClientProvider>,
      );
    again(1);
    expect(screen.getByRole("alert")).toHaveFocus();
    (document.activeElement as HTMLElement).blur();
    again(1, [...items, { message: "Enter your email address", controlId: "x-email" }]);
    expect(screen.getByRole("alert")).not.toHaveFocus();
  });

  it("takes the focus when the problems arrive a render after the focus key (react-hook-form's order)", () => {
    const show = (key: number, list: { message: string; controlId?: string }[]) => (
      <NextIntlClientProvider locale="en-GB" messages={messages}>
        <ErrorSummary items={list} focusKey={key} />
      </NextIntlClientProvider>
    );
    const { rerender } = render(show(1, []));
    expect(screen.queryByRole("alert")).toBeNull();
    rerender(show(1, [{ message: "Enter your name", controlId: "x-name" }]));
    expect(screen.getByRole("alert")).toHaveFocus();
  });
});

describe("summaryItems", () => {
  it("lists nested and list errors in the order given, one per field, translated, with ids of the scope", () => {
    const errors = {
      individuals: { 0: { email: { type: "x", message: "individualEmailRequired" } }, root: { type: "x", message: "oneOffExactlyOne" } },
      company: { name: { type: "x", message: "companyNameRequired" } },
      productTier: { type: "x", message: "productTierRequired" },
    };
    const items = summaryItems(errors as never, {
      scope: "request",
      translate: (key) => `t:${key}`,
      order: ["company", "productTier", "individuals"],
      controlFor: (path) => (path === "productTier" ? "radio-1" : undefined),
    });
    expect(items).toEqual([
      { message: "t:companyNameRequired", controlId: "request-company-name" },
      { message: "t:productTierRequired", controlId: "radio-1" },
      { message: "t:individualEmailRequired", controlId: "request-individuals-0-email" },
      { message: "t:oneOffExactlyOne", controlId: "request-individuals" },
    ]);
  });
});

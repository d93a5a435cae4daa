import { render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { catalogues } from "@/lib/i18n/catalogues";
import type { Locale } from "@/lib/i18n/locales";
import { VerifyByNote } from "./verify-by-note";

function renderNote(deadline: Parameters<typeof VerifyByNote>[0]["deadline"], locale: Locale = "en-GB") {
  return render(
    <NextIntlClientProvider locale={locale} messages={catalogues[locale]}>
      <VerifyByNote deadline={deadline} />
    </NextIntlClientProvider>,
  );
}

describe("VerifyByNote", () => {
  it("says by when, as people write dates, and why that date", () => {
    renderNote({ date: "2027-03-14", reason: "confirmationStatement", overdue: false });
    const note = screen.getByTestId("verify-by");
    expect(note).toHaveTextContent("Verify by 14 March 2027");
    expect(note).toHaveTextContent("The company's next confirmation statement");
    expect(note).not.toHaveAttribute("data-overdue");
  });

  it("says in words that the date has passed", () => {
    renderNote({ date: "2026-01-05", reason: "appointment", overdue: true });
    expect(screen.getByTestId("verify-by")).toHaveTextContent("Overdue: should have been verified by 5 January 2026");
    expect(screen.getByTestId("verify-by")).toHaveAttribute("data-overdue", "true");
  });

  it("is in the page's language", () => {
    renderNote({ date: "2027-03-14", reason: "requested", overdue: false }, "cy");
    expect(screen.getByTestId("verify-by")).toHaveTextContent("Dilysu erbyn 14 Mawrth 2027");
  });

  it("shows nothing when no date binds the person", () => {
    const { container } = renderNote(null);
    expect(container).toBeEmptyDOMElement();
  });
});

import { fireEvent, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import messages from "@/messages/en-GB.json";
import type { DirectorStatus } from "@/lib/domain/values";
import { GOV_UK_GUIDANCE, PersonalCodeSection } from "./personal-code-section";

jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn() }) }));

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

function renderSection(status: DirectorStatus, codeMasked: string | null = null) {
  return render(
    <NextIntlClientProvider locale="en-GB" messages={messages}>
      <PersonalCodeSection status={status} codeMasked={codeMasked} />
    </NextIntlClientProvider>,
  );
}

describe("PersonalCodeSection", () => {
  it("says what the code is, that Companies House sends it after verification, and links to GOV.UK in a new tab", () => {
    renderSection("AwaitingAuthCode");
    const guidance = screen.getByTestId("personal-code-guidance");
    expect(guidance).toHaveTextContent("11-character code that Companies House gives each person once their identity has been verified");
    expect(guidance).toHaveTextContent("Companies House then sends your personal code to you by email.");
    expect(guidance).toHaveTextContent("usually arrives within a few days");
    const link = within(guidance).getByRole("link", { name: /Verifying your identity for Companies House/ });
    expect(link).toHaveAttribute("href", GOV_UK_GUIDANCE.verifying);
    expect(link).toHaveAttribute("href", "https://www.gov.uk/guidance/verifying-your-identity-for-companies-house");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAccessibleName(/opens in new tab/);
  });

  it("refuses the example code from the hint with its own message, and sends nothing", async () => {
    renderSection("AwaitingAuthCode");
    const field = screen.getByRole("textbox", { name: "Personal code" });
    expect(screen.getByText(/like AB12 CD34 EF5 \(an example, not a real code\)/)).toBeInTheDocument();
    fireEvent.change(field, { target: { value: "ab12 cd34 ef5" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit personal code" }));
    expect(await screen.findByText("Enter your own personal code, not the example")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("explains the code before verification without offering the form, and shows the code received at the end", () => {
    const { unmount } = renderSection("UnderReview");
    expect(screen.getByTestId("personal-code-guidance")).toBeInTheDocument();
    expect(screen.getByTestId("personal-code-not-yet")).toHaveTextContent("once your identity has been verified");
    expect(screen.queryByRole("textbox", { name: "Personal code" })).toBeNull();
    unmount();
    renderSection("Complete", "••••••••M9T");
    expect(screen.getByTestId("personal-code-received")).toHaveTextContent("We have your personal code: ••••••••M9T");
    expect(screen.queryByTestId("personal-code-guidance")).toBeNull();
  });
});

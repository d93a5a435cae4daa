import { fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import messages from "@/messages/en-GB.json";
import { ResultsBoundary } from "@/components/admin/client-search/results-boundary";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));

function Results({ fail }: { fail: boolean }) {
  if (fail) throw new Error("database unavailable");
  return <p>3 results</p>;
}

function wrap(resetKey: string, fail: boolean) {
  return (
    <NextIntlClientProvider locale="en-GB" messages={messages}>
      <ResultsBoundary resetKey={resetKey}>
        <Results fail={fail} />
      </ResultsBoundary>
    </NextIntlClientProvider>
  );
}

describe("ResultsBoundary", () => {
  beforeEach(() => jest.spyOn(console, "error").mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it("shows an inline error with Try again when the results fail, and the results again after a new render", () => {
    const view = render(wrap("render-1", true));
    expect(screen.getByRole("alert")).toHaveTextContent("The results could not be loaded");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(refresh).toHaveBeenCalledTimes(1);

    // The same render keeps the error; the next server render (new key) shows the results.
    view.rerender(wrap("render-1", false));
    expect(screen.getByRole("alert")).toBeInTheDocument();
    view.rerender(wrap("render-2", false));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByText("3 results")).toBeInTheDocument();
  });

  it("lets Next.js control-flow errors through", () => {
    function Redirecting(): never {
      throw Object.assign(new Error("NEXT_REDIRECT"), { digest: "NEXT_REDIRECT;replace;/login;307;" });
    }
    expect(() =>
      render(
        <NextIntlClientProvider locale="en-GB" messages={messages}>
          <ResultsBoundary resetKey="a">
            <Redirecting />
          </ResultsBoundary>
        </NextIntlClientProvider>,
      ),
    ).toThrow("NEXT_REDIRECT");
  });
});

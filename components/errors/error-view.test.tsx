import { screen, within } from "@testing-library/react";
import { errorFromMessage } from "@/lib/errors";
import { ErrorView, LoginErrorView } from "./error-view";
import { renderWithMessages } from "@/tests/support/render-with-messages";

function links() {
  return within(screen.getByRole("list"))
    .getAllByRole("link")
    .map((a) => [a.textContent, a.getAttribute("href")]);
}

describe("ErrorView", () => {
  it("shows code, title as the only h1, message and actions", () => {
    renderWithMessages(<ErrorView error={errorFromMessage("404")} />);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Page not found");
    expect(screen.getByTestId("error-code")).toHaveTextContent("Error code 404");
    expect(screen.getByText("Sorry, we couldn\u2019t find the page you\u2019re looking for.")).toBeInTheDocument();
    expect(links()).toEqual([
      ["Go back home", "/"],
      ["Contact support", "/contact"],
    ]);
  });

  it("offers Login for 401", () => {
    renderWithMessages(<ErrorView error={errorFromMessage("Unauthorized")} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Unauthorized");
    expect(links()).toEqual([
      ["Login", "/login"],
      ["Contact support", "/contact"],
    ]);
  });

  it("never shows the raw error text", () => {
    const { container } = renderWithMessages(<ErrorView error={errorFromMessage("password=hunter2 leaked")} />);
    expect(container).not.toHaveTextContent("hunter2");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Server error");
  });

  it("LoginErrorView shows the login error", () => {
    renderWithMessages(<LoginErrorView />);
    expect(screen.getByTestId("error-code")).toHaveTextContent("500");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Login Error");
    expect(screen.getByText("An error occurred while trying to login.")).toBeInTheDocument();
    expect(links()).toEqual([
      ["Home", "/"],
      ["Try Again", "/login"],
    ]);
  });
});

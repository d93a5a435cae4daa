import { screen } from "@testing-library/react";
import { RouteError } from "./route-error";
import { renderWithMessages } from "@/tests/support/render-with-messages";

describe("RouteError", () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => consoleError.mockRestore());

  it("loads the catalogue screen for the error's message, and reports the error on the console", async () => {
    const error = new Error("404");
    renderWithMessages(<RouteError error={error} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByTestId("error-code")).toHaveTextContent("Error code 404");
    expect(consoleError).toHaveBeenCalledWith("[page] the page could not be shown", error);
  });

  it("shows the server error screen for a message it does not know, never the message itself", async () => {
    renderWithMessages(<RouteError error={new Error("relation \"clients\" does not exist")} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Server error" })).toBeInTheDocument();
    expect(screen.queryByText(/relation/)).not.toBeInTheDocument();
  });

  it("takes a thrown string as the message", async () => {
    renderWithMessages(<RouteError error="Unauthorized" />);
    expect(await screen.findByRole("heading", { level: 1, name: "Unauthorized" })).toBeInTheDocument();
  });
});

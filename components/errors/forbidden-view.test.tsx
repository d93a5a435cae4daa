import { screen, within } from "@testing-library/react";
import { ForbiddenView } from "./forbidden-view";
import { renderWithMessages } from "@/tests/support/render-with-messages";

const actions = () =>
  within(screen.getByRole("list"))
    .getAllByRole("link")
    .map((a) => [a.textContent, a.getAttribute("href")]);

describe("ForbiddenView", () => {
  it("names the signed-in person and their role in words, leads to their own home and offers sign-out", () => {
    renderWithMessages(
      <ForbiddenView
        person={{ name: "Olivia Bennett", email: "olivia@example.com", type: "DV_CompanyContact", homePath: "/identity-verification/company-management" }}
      />,
    );
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Forbidden");
    expect(screen.getByTestId("forbidden-signed-in")).toHaveTextContent("You are signed in as Olivia Bennett (olivia@example.com), a company contact.");
    expect(screen.getByTestId("forbidden-signed-in")).not.toHaveTextContent("DV_");
    expect(actions()).toEqual([
      ["Go back home", "/identity-verification/company-management"],
      ["Contact support", "/contact"],
    ]);
    const signOut = screen.getByRole("button", { name: "Sign out" });
    expect(signOut.closest("form")).toHaveAttribute("action", "/api/logout");
    expect(signOut.closest("form")).toHaveAttribute("method", "post");
  });

  it("falls back to the email when the name is not known", () => {
    renderWithMessages(<ForbiddenView person={{ name: null, email: "admin@portal.example", type: "Admin", homePath: "/administration/client-management" }} />);
    expect(screen.getByTestId("forbidden-signed-in")).toHaveTextContent("You are signed in as admin@portal.example, a member of staff.");
  });

  it("is the plain 403 screen for nobody signed in", () => {
    renderWithMessages(<ForbiddenView person={null} />);
    expect(screen.queryByTestId("forbidden-signed-in")).toBeNull();
    expect(screen.queryByRole("button", { name: "Sign out" })).toBeNull();
    expect(actions()).toEqual([
      ["Go back home", "/"],
      ["Contact support", "/contact"],
    ]);
  });
});

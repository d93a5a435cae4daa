import { screen, within } from "@testing-library/react";
import { AuditDiff } from "./audit-diff";
import { renderWithMessages } from "@/tests/support/render-with-messages";

describe("AuditDiff", () => {
  it("shows a field-by-field change as a table with the field as row header", () => {
    renderWithMessages(<AuditDiff oldValue={{ status: "New", owner: null }} newValue={{ status: "InProgress", owner: null }} label="Status changed" />);
    const table = screen.getByRole("table", { name: "Changes: Status changed" });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Field", "Before", "After"]);
    const status = within(table).getByRole("row", { name: /status/ });
    expect(within(status).getByRole("rowheader")).toHaveTextContent("statuschanged");
    expect(within(status).getAllByRole("cell").map((c) => c.textContent)).toEqual(["New", "InProgress"]);
    expect(within(within(table).getByRole("row", { name: /owner/ })).getAllByRole("cell").map((c) => c.textContent)).toEqual(["(empty)", "(empty)"]);
  });

  it("lists JSON Patch operations with path, type, value and original", () => {
    renderWithMessages(<AuditDiff oldValue={null} newValue={[{ op: "replace", path: "/notes", value: "Call first" }]} label="Changed notes" />);
    const table = screen.getByRole("table", { name: "Operations: Changed notes" });
    const row = within(table).getByRole("row", { name: /\/notes/ });
    expect(within(row).getByRole("rowheader")).toHaveTextContent("/notes");
    expect(within(row).getAllByRole("cell")[0]).toHaveTextContent("replace");
    expect(row).toHaveTextContent("Call first");
  });

  it("shows two plain values as a description list", () => {
    renderWithMessages(<AuditDiff oldValue="a" newValue="b" label="Renamed" />);
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getAllByRole("term").map((t) => t.textContent)).toEqual(["Before", "After"]);
    expect(screen.getAllByRole("definition").map((d) => d.textContent)).toEqual(["a", "b"]);
  });
});

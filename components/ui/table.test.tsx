import { fireEvent, render, screen, within } from "@testing-library/react";
import { Table, TableBody, TableCell, TableEmptyRow, TableHead, TableHeader, TableRow, type SortDirection } from "./table";

function People({ rows, sorted, onSort = () => {} }: { rows: string[]; sorted: SortDirection | null; onSort?: () => void }) {
  return (
    <Table caption="People, sorted by name" scroll="region">
      <TableHead>
        <tr>
          <TableHeader sort={{ direction: sorted, onSort, actionLabel: "(sort ascending)" }}>Name</TableHeader>
          <TableHeader>Email</TableHeader>
        </tr>
      </TableHead>
      <TableBody>
        {rows.length === 0 ? <TableEmptyRow colSpan={2}>No individuals.</TableEmptyRow> : null}
        {rows.map((r) => (
          <TableRow key={r}>
            <TableCell>{r}</TableCell>
            <TableCell>{`${r.toLowerCase()}@example.com`}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

describe("Table", () => {
  it("is named by its caption, and so is its scrolling region", () => {
    render(<People rows={["Ada"]} sorted={null} />);
    expect(screen.getByRole("table", { name: "People, sorted by name" })).toBeInTheDocument();
    const region = screen.getByRole("region", { name: "People, sorted by name" });
    expect(region).toHaveAttribute("tabindex", "0");
    expect(within(region).getByRole("cell", { name: "ada@example.com" })).toBeInTheDocument();
  });

  it("shows one row across every column when empty", () => {
    render(<People rows={[]} sorted={null} />);
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows).toHaveLength(2); // header + empty state
    const cell = within(rows[1]!).getByRole("cell");
    expect(cell).toHaveTextContent("No individuals.");
    expect(cell).toHaveAttribute("colspan", "2");
  });

  it("marks the sorted column with aria-sort and the others with none", () => {
    const { rerender } = render(<People rows={["Ada"]} sorted="asc" />);
    const name = screen.getByRole("columnheader", { name: /^Name/ });
    expect(name).toHaveAttribute("aria-sort", "ascending");
    rerender(<People rows={["Ada"]} sorted="desc" />);
    expect(name).toHaveAttribute("aria-sort", "descending");
    rerender(<People rows={["Ada"]} sorted={null} />);
    expect(name).toHaveAttribute("aria-sort", "none");
    // A column that does not sort says nothing about order.
    expect(screen.getByRole("columnheader", { name: "Email" })).not.toHaveAttribute("aria-sort");
  });

  it("sorts from a button in the header that says what it does", () => {
    const onSort = jest.fn();
    render(<People rows={["Ada"]} sorted={null} onSort={onSort} />);
    fireEvent.click(screen.getByRole("button", { name: "Name (sort ascending)" }));
    expect(onSort).toHaveBeenCalledTimes(1);
  });

  it("builds a plain header row from a list of headers", () => {
    render(
      <Table caption="Emails">
        <TableHead headers={["Received", "To", "Subject"]} />
        <TableBody>
          <TableEmptyRow colSpan={3}>No emails yet.</TableEmptyRow>
        </TableBody>
      </Table>,
    );
    const headers = screen.getAllByRole("columnheader");
    expect(headers.map((h) => h.textContent)).toEqual(["Received", "To", "Subject"]);
    expect(headers.every((h) => h.getAttribute("scope") === "col")).toBe(true);
    expect(screen.queryByRole("region")).toBeNull(); // a plain scrolling box, not a landmark
  });
});

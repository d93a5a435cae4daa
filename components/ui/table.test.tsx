import { fireEvent, render, screen, within } from "@testing-library/react";
import { Table, TableBody, TableCell, TableEmptyRow, TableHead, TableHeader, TableHeadRow, TableRow, TableRowHeader, type SortDirection } from "./table";

function People({ rows, sorted, onSort = () => {} }: { rows: string[]; sorted: SortDirection | null; onSort?: () => void }) {
  return (
    <Table caption="People, sorted by name" scroll="region">
      <TableHead>
        <TableHeadRow>
          <TableHeader sort={{ direction: sorted, onSort, actionLabel: "(sort ascending)" }}>Name</TableHeader>
          <TableHeader>Email</TableHeader>
        </TableHeadRow>
      </TableHead>
      <TableBody>
        {rows.length === 0 ? <TableEmptyRow colSpan={2}>No individuals.</TableEmptyRow> : null}
        {rows.map((r) => (
          <TableRow key={r}>
            <TableCell label="Name">{r}</TableCell>
            <TableCell label="Email">{`${r.toLowerCase()}@example.com`}</TableCell>
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

  describe("on phones (cards below 640 px)", () => {
    it("labels every cell with its column's header, outside the cell's text", () => {
      render(<People rows={["Ada", "Ben"]} sorted={null} />);
      const headers = screen.getAllByRole("columnheader").map((h) => h.textContent?.replace("(sort ascending)", ""));
      const bodyRows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
      expect(bodyRows).toHaveLength(2);
      for (const row of bodyRows) {
        const cells = within(row).getAllByRole("cell");
        expect(cells.map((c) => c.getAttribute("data-label"))).toEqual(headers);
        // The label is drawn by CSS: the cell's text and name stay the value alone.
        expect(cells[1]!.textContent).toMatch(/^[a-z]+@example\.com$/);
      }
      expect(screen.getByRole("cell", { name: "ben@example.com" })).toBeInTheDocument();
    });

    it("keeps table semantics at every width: each part states its role", () => {
      const { container } = render(
        <Table caption="Changes">
          <TableHead headers={["Field", "Before"]} />
          <TableBody>
            <TableRow>
              <TableRowHeader label="Field">status</TableRowHeader>
              <TableCell label="Before">Draft</TableCell>
            </TableRow>
            <TableEmptyRow colSpan={2}>Nothing else.</TableEmptyRow>
          </TableBody>
        </Table>,
      );
      const table = container.querySelector("table")!;
      expect(table).toHaveAttribute("role", "table");
      expect(table).toHaveClass("table-cards");
      expect([...container.querySelectorAll("thead, tbody")].map((e) => e.getAttribute("role"))).toEqual(["rowgroup", "rowgroup"]);
      expect([...container.querySelectorAll("tr")].every((e) => e.getAttribute("role") === "row")).toBe(true);
      expect(container.querySelector("thead th")).toHaveAttribute("role", "columnheader");
      expect(container.querySelector("tbody th")).toHaveAttribute("role", "rowheader");
      expect([...container.querySelectorAll("td")].every((e) => e.getAttribute("role") === "cell")).toBe(true);
      expect(screen.getByRole("rowheader", { name: "status" })).toHaveAttribute("data-label", "Field");
    });

    it("keeps the columns when asked, and a frame around the boxed table only from 640 px", () => {
      const { container, rerender } = render(
        <Table caption="Wide" narrow="table" variant="boxed">
          <TableBody>
            <TableRow>
              <TableCell>1</TableCell>
            </TableRow>
          </TableBody>
        </Table>,
      );
      expect(container.querySelector("table")).not.toHaveClass("table-cards");
      expect(container.firstElementChild).toHaveClass("border");
      rerender(
        <Table caption="Wide" variant="boxed">
          <TableBody>
            <TableRow>
              <TableCell>1</TableCell>
            </TableRow>
          </TableBody>
        </Table>,
      );
      expect(container.querySelector("table")).toHaveClass("table-cards");
      expect(container.firstElementChild).toHaveClass("sm:border");
      expect(container.firstElementChild).not.toHaveClass("border");
    });
  });
});

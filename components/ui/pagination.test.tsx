import { fireEvent, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import messages from "@/messages/en-GB.json";
import { Pagination } from "./pagination";
import { renderWithMessages } from "@/tests/support/render-with-messages";

const hrefFor = (page: number) => `/list?page=${page}`;
const nav = () => screen.getByRole("navigation", { name: "Pages of results" });
/** The list as read: link or button names in order, gaps as "…". */
const items = () =>
  within(nav())
    .getAllByRole("listitem", { hidden: true })
    .map((li) => (li.getAttribute("aria-hidden") === "true" ? "…" : (within(li).queryByRole("link") ?? within(li).queryByRole("button"))?.getAttribute("aria-label") ?? li.textContent));

describe("Pagination", () => {
  it("links the first, last and neighbouring pages with gaps between, and marks the current page", () => {
    renderWithMessages(<Pagination pager={{ currentPage: 10, totalPages: 20 }} hrefFor={hrefFor} />);
    expect(items()).toEqual(["Previous page", "Page 1", "…", "Page 9", "Page 10", "Page 11", "…", "Page 20", "Next page"]);
    const current = screen.getByRole("link", { name: "Page 10" });
    expect(current).toHaveAttribute("aria-current", "page");
    expect(current).toHaveTextContent(/^10$/);
    expect(screen.getAllByRole("link").filter((a) => a.hasAttribute("aria-current"))).toHaveLength(1);
    expect(screen.getByRole("link", { name: "Previous page" })).toHaveAttribute("href", "/list?page=9");
    expect(screen.getByRole("link", { name: "Next page" })).toHaveAttribute("href", "/list?page=11");
    expect(screen.getByRole("link", { name: "Page 20" })).toHaveAttribute("href", "/list?page=20");
    expect(screen.getByText("Page 10 of 20")).toBeInTheDocument();
  });

  it("has no way back from the first page and no way on from the last (links)", () => {
    const { unmount } = renderWithMessages(<Pagination pager={{ currentPage: 1, totalPages: 3 }} hrefFor={hrefFor} />);
    expect(screen.queryByRole("link", { name: "Previous page" })).toBeNull();
    expect(within(nav()).getByText("Previous")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Next page" })).toHaveAttribute("href", "/list?page=2");
    unmount();
    renderWithMessages(<Pagination pager={{ currentPage: 3, totalPages: 3 }} hrefFor={hrefFor} />);
    expect(screen.queryByRole("link", { name: "Next page" })).toBeNull();
    expect(screen.getByRole("link", { name: "Page 3" })).toHaveAttribute("aria-current", "page");
  });

  it("disables previous on the first page and next on the last (buttons), and reports the page chosen", () => {
    const onPageChange = jest.fn();
    const { rerender } = renderWithMessages(<Pagination pager={{ currentPage: 1, totalPages: 3 }} onPageChange={onPageChange} />);
    expect(screen.getByRole("button", { name: "Previous page" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Next page" })).toBeEnabled();
    fireEvent.click(screen.getByRole("button", { name: "Page 3" }));
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    fireEvent.click(screen.getByRole("button", { name: "Page 1" })); // the current page: nothing to do
    expect(onPageChange.mock.calls).toEqual([[3], [2]]);

    rerender(
      <NextIntlClientProvider locale="en-GB" messages={messages}>
        <Pagination pager={{ currentPage: 3, totalPages: 3 }} onPageChange={onPageChange} />
      </NextIntlClientProvider>,
    );
    expect(screen.getByRole("button", { name: "Next page" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Previous page" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Page 3" })).toHaveAttribute("aria-current", "page");
  });

  it("leads from a page beyond the end back to the last page", () => {
    renderWithMessages(<Pagination pager={{ currentPage: 50, totalPages: 3 }} hrefFor={hrefFor} />);
    expect(screen.getByRole("link", { name: "Previous page" })).toHaveAttribute("href", "/list?page=3");
    expect(screen.queryByRole("link", { name: "Next page" })).toBeNull();
    expect(screen.getAllByRole("link").some((a) => a.hasAttribute("aria-current"))).toBe(false);
    expect(screen.getByText("Page 50 of 3")).toBeInTheDocument();
  });

  it("shows only the summary and extra controls when everything fits on one page", () => {
    renderWithMessages(
      <Pagination pager={{ currentPage: 1, totalPages: 1 }} hrefFor={hrefFor} summary={<p>Showing 1–7 of 7</p>}>
        <label>
          Rows per page <select />
        </label>
      </Pagination>,
    );
    expect(within(nav()).queryByRole("list")).toBeNull();
    expect(within(nav()).getByText("Showing 1–7 of 7")).toBeInTheDocument();
    expect(within(nav()).getByLabelText("Rows per page")).toBeInTheDocument();
  });
});

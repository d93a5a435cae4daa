import { render } from "@testing-library/react";
import { OpeningMark } from "./opening-mark";

let pending = false;
jest.mock("next/link", () => ({ useLinkStatus: () => ({ pending }) }));

describe("OpeningMark", () => {
  it("shows nothing until its link's page is on its way", () => {
    pending = false;
    const { container } = render(<OpeningMark />);
    expect(container).toBeEmptyDOMElement();
  });

  it("shows a spinner, hidden from screen readers (the router announces the page), while it is", () => {
    pending = true;
    const { container } = render(<OpeningMark />);
    const spinner = container.querySelector(".animate-spin");
    expect(spinner).not.toBeNull();
    expect(spinner).toHaveAttribute("aria-hidden", "true");
    expect(container.querySelector('[role="status"]')).toBeNull();
  });
});

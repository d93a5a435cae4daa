import { useState } from "react";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Dialog } from "./dialog";

/** `late`: the dialog is not there until it opens, as when its code loads after the click (next/dynamic). */
function Harness({ onClose = () => {}, returnFocusTo, late = false }: { onClose?: () => void; returnFocusTo?: () => HTMLElement | null; late?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Delete client
      </button>
      <h2 id="elsewhere" tabIndex={-1}>
        Individuals
      </h2>
      {late && !open ? null : (
        <Dialog
          open={open}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
          title="Delete Hartwell Holdings Ltd?"
          description="The client is kept, marked as deleted."
          returnFocusTo={returnFocusTo}
        >
          <button type="button">Cancel</button>
          <label>
            Reason for deleting <textarea />
          </label>
        </Dialog>
      )}
    </main>
  );
}

function open() {
  const opener = screen.getByRole("button", { name: "Delete client" });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe("Dialog", () => {
  it("opens named by its title and described by its text, hiding the page behind it", () => {
    render(<Harness />);
    expect(screen.queryByRole("dialog")).toBeNull();
    open();
    const dialog = screen.getByRole("dialog", { name: "Delete Hartwell Holdings Ltd?" });
    expect(dialog).toHaveAccessibleDescription("The client is kept, marked as deleted.");
    // The page behind is out of the accessibility tree while the dialog is open.
    expect(screen.queryByRole("button", { name: "Delete client" })).toBeNull();
    expect(screen.getByRole("button", { name: "Delete client", hidden: true })).toBeInTheDocument();
  });

  it("puts focus in the first form field rather than the first button", () => {
    render(<Harness />);
    open();
    expect(screen.getByRole("textbox", { name: "Reason for deleting" })).toHaveFocus();
  });

  it("keeps focus inside while open", () => {
    render(<Harness />);
    open();
    const field = screen.getByRole("textbox", { name: "Reason for deleting" });
    screen.getByRole("button", { name: "Delete client", hidden: true }).focus();
    expect(field).toHaveFocus();
  });

  it("closes on Escape and gives focus back to the control that opened it", async () => {
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    const opener = open();
    fireEvent.keyDown(screen.getByRole("textbox", { name: "Reason for deleting" }), { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    // Radix moves focus back after the unmount, on the next task.
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("gives focus back to the opener when it mounts already open (its code loaded after the click)", async () => {
    render(<Harness late />);
    const opener = open();
    expect(screen.getByRole("textbox", { name: "Reason for deleting" })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("gives focus to another element when asked to", async () => {
    render(<Harness returnFocusTo={() => document.getElementById("elsewhere")} />);
    open();
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    await waitFor(() => expect(screen.getByRole("heading", { name: "Individuals" })).toHaveFocus());
  });

  it("stays open on a click outside (it holds a form)", () => {
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    open();
    fireEvent.pointerDown(document.body);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });
});

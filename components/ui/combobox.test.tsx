import { useState } from "react";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import messages from "@/messages/en-GB.json";
import { Combobox, filterOptions, type ComboboxOption } from "./combobox";

const OPTIONS: ComboboxOption[] = [
  { value: "", label: "Not assigned" },
  { value: "admin@portal.example", label: "Alex Admin", detail: "admin@portal.example" },
  { value: "chloe@portal.example", label: "Chloë Dubois", detail: "chloe@portal.example" },
  { value: "sam@portal.example", label: "Sam Patel", detail: "sam@portal.example" },
];

function Harness({ initial = "", onChange = () => {} }: { initial?: string; onChange?: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <NextIntlClientProvider locale="en-GB" messages={messages}>
      <Combobox
        label="Owner"
        name="owner"
        options={OPTIONS}
        value={value}
        onChange={(v) => {
          onChange(v);
          setValue(v);
        }}
        emptyText={messages.clientDetail.fields.ownerEmpty}
      />
    </NextIntlClientProvider>
  );
}

const box = () => screen.getByRole("combobox", { name: "Owner" });
const optionNames = () => within(screen.getByRole("listbox", { name: "Owner" })).getAllByRole("option").map((o) => o.textContent);
const activeOption = () => document.getElementById(box().getAttribute("aria-activedescendant") ?? "");
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const key = (name: string) => fireEvent.keyDown(box(), { key: name });

describe("Combobox", () => {
  it("is a labelled combobox that controls a listbox, closed at first, showing the chosen option", () => {
    render(<Harness initial="sam@portal.example" />);
    expect(box()).toHaveAttribute("aria-expanded", "false");
    expect(box()).toHaveAttribute("aria-autocomplete", "list");
    expect(box()).toHaveAttribute("aria-controls", screen.getByRole("listbox", { hidden: true }).id);
    expect(box()).toHaveValue("Sam Patel");
    expect(screen.queryByRole("listbox")).toBeNull(); // hidden while closed
  });

  it("filters as you type, by name or email, ignoring case and accents", () => {
    render(<Harness />);
    type("chloe");
    expect(box()).toHaveAttribute("aria-expanded", "true");
    expect(optionNames()).toEqual(["Chloë Duboischloe@portal.example"]);
    type("PORTAL");
    expect(optionNames()).toHaveLength(3);
    expect(filterOptions(OPTIONS, "sam pat")).toEqual([OPTIONS[3]]);
  });

  it("moves with Down and Up (wrapping), chooses with Enter", () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    key("ArrowDown"); // opens on the chosen option ("Not assigned")
    expect(box()).toHaveAttribute("aria-expanded", "true");
    expect(activeOption()).toHaveTextContent("Not assigned");
    expect(activeOption()).toHaveAttribute("aria-selected", "true");
    key("ArrowDown");
    key("ArrowDown");
    expect(activeOption()).toHaveTextContent("Chloë Dubois");
    key("ArrowUp");
    expect(activeOption()).toHaveTextContent("Alex Admin");
    key("ArrowUp");
    key("ArrowUp");
    expect(activeOption()).toHaveTextContent("Sam Patel"); // wrapped to the end
    key("Enter");
    expect(onChange).toHaveBeenCalledWith("sam@portal.example");
    expect(box()).toHaveValue("Sam Patel");
    expect(box()).toHaveAttribute("aria-expanded", "false");
    expect(box()).not.toHaveAttribute("aria-activedescendant");
  });

  it("highlights the first match while typing, so Enter takes it", () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    type("pat");
    expect(activeOption()).toHaveTextContent("Sam Patel");
    key("Enter");
    expect(onChange).toHaveBeenCalledWith("sam@portal.example");
  });

  it("closes on Escape and puts the chosen option's text back, without changing the value", () => {
    const onChange = jest.fn();
    render(<Harness initial="admin@portal.example" onChange={onChange} />);
    type("sa");
    key("Escape");
    expect(box()).toHaveAttribute("aria-expanded", "false");
    expect(box()).toHaveValue("Alex Admin");
    expect(onChange).not.toHaveBeenCalled();
  });

  it("says 'No employee found.' when nothing matches", () => {
    render(<Harness />);
    type("zzz");
    expect(box()).toHaveAttribute("aria-expanded", "true");
    expect(screen.queryByRole("option")).toBeNull();
    expect(box()).not.toHaveAttribute("aria-activedescendant");
    const shown = screen.getAllByText("No employee found.");
    // Once in the popup, once in the live region for screen readers.
    expect(shown.map((el) => el.getAttribute("aria-live"))).toEqual([null, "polite"]);
    key("Enter"); // nothing to choose: just closes
    expect(box()).toHaveAttribute("aria-expanded", "false");
  });

  it("chooses an option by click", () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByRole("button", { name: "Show options" }));
    fireEvent.click(screen.getByRole("option", { name: /Chloë Dubois/ }));
    expect(onChange).toHaveBeenCalledWith("chloe@portal.example");
    expect(box()).toHaveValue("Chloë Dubois");
  });
});

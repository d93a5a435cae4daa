import { fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { NextIntlClientProvider } from "next-intl";
import messages from "@/messages/en-GB.json";
import { DateInput } from "./date-input";
import { FieldIdScope } from "./field";

let last = "";
function Harness({ initial = "", error }: { initial?: string; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <NextIntlClientProvider locale="en-GB" messages={messages}>
      <FieldIdScope scope="f">
        <DateInput
          label="Lived here since"
          hint="For example, 14 3 2024"
          error={error}
          name="currentAddressStartDate"
          value={value}
          onChange={(v) => {
            last = v;
            setValue(v);
          }}
        />
        <button type="button" onClick={() => setValue("2021-07-09")}>
          reset
        </button>
      </FieldIdScope>
    </NextIntlClientProvider>
  );
}

describe("DateInput", () => {
  it("is a group named by its question, with Day, Month and Year boxes, the hint and error tied to it", () => {
    render(<Harness error="Enter a real date, for example 14 3 2024" />);
    const group = screen.getByRole("group", { name: "Lived here since" });
    expect(group).toHaveAccessibleDescription("For example, 14 3 2024 Error: Enter a real date, for example 14 3 2024");
    const boxes = within(group).getAllByRole("textbox");
    expect(boxes.map((b) => b.getAttribute("aria-label") ?? (b as HTMLInputElement).labels?.[0]?.textContent)).toEqual(["Day", "Month", "Year"]);
    for (const box of boxes) {
      expect(box).toHaveAttribute("inputmode", "numeric");
      expect(box).toHaveAttribute("aria-invalid", "true");
    }
    // The day box carries the field's id: the error summary's link goes to it.
    expect(within(group).getByLabelText("Day")).toHaveAttribute("id", "f-currentAddressStartDate");
  });

  it("gives YYYY-MM-DD as the boxes are typed, and shows a value as day, month and year", () => {
    render(<Harness initial="2024-03-04" />);
    expect((screen.getByLabelText("Day") as HTMLInputElement).value).toBe("4");
    expect((screen.getByLabelText("Month") as HTMLInputElement).value).toBe("3");
    expect((screen.getByLabelText("Year") as HTMLInputElement).value).toBe("2024");
    fireEvent.change(screen.getByLabelText("Day"), { target: { value: "14" } });
    expect(last).toBe("2024-03-14");
    fireEvent.change(screen.getByLabelText("Month"), { target: { value: "" } });
    expect(last).toBe("2024--14");
    expect((screen.getByLabelText("Month") as HTMLInputElement).value).toBe("");
    fireEvent.click(screen.getByRole("button", { name: "reset" }));
    expect((screen.getByLabelText("Day") as HTMLInputElement).value).toBe("9");
    expect((screen.getByLabelText("Month") as HTMLInputElement).value).toBe("7");
  });
});

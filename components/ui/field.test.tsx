import { fireEvent, screen } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { Field, SelectField, TextareaField } from "./field";
import { renderWithMessages } from "@/tests/support/render-with-messages";

describe("Field", () => {
  it("links label, hint and error to the input", () => {
    renderWithMessages(<Field label="Email" name="email" hint="We send the link here" error="Enter a valid email address" />);
    const input = screen.getByLabelText("Email");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("We send the link here Error: Enter a valid email address");
  });

  it("is valid and undescribed without hint or error", () => {
    renderWithMessages(<Field label="Name" name="name" optional />);
    const input = screen.getByLabelText("Name (optional)");
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(input).not.toHaveAttribute("aria-describedby");
  });

  it("keeps a caller's aria-describedby", () => {
    renderWithMessages(<TextareaField label="Description" name="description" aria-describedby="summary" error="Required" />);
    expect(screen.getByLabelText("Description").getAttribute("aria-describedby")).toMatch(/^summary .+-error$/);
  });

  it("works with react-hook-form register (ref forwarded)", () => {
    let values: Record<string, string> = {};
    function Form() {
      const { register, getValues } = useForm({ defaultValues: { email: "a@example.com", country: "GB" } });
      values = getValues();
      return (
        <form>
          <Field label="Email" {...register("email")} />
          <SelectField label="Country" {...register("country")}>
            <option value="GB">United Kingdom</option>
            <option value="IE">Ireland</option>
          </SelectField>
        </form>
      );
    }
    renderWithMessages(<Form />);
    expect(screen.getByLabelText("Email")).toHaveValue("a@example.com");
    expect(screen.getByLabelText("Country")).toHaveValue("GB");
    expect(values.email).toBe("a@example.com");
  });

  it("takes a long list as options, written as HTML, and still works with register", () => {
    let read: () => Record<string, string> = () => ({});
    const countries = [
      { value: "GB", label: "United Kingdom" },
      { value: "IE", label: "Ireland" },
      { value: "FR", label: "France" },
    ];
    function Form() {
      const { register, getValues } = useForm({ defaultValues: { country: "IE" } });
      read = getValues;
      return (
        <form>
          <SelectField label="Country" options={{ items: countries, empty: "Choose a country", selected: "IE" }} {...register("country")} />
        </form>
      );
    }
    renderWithMessages(<Form />);
    const select = screen.getByLabelText<HTMLSelectElement>("Country");
    expect([...select.options].map((o) => o.textContent)).toEqual(["Choose a country", "United Kingdom", "Ireland", "France"]);
    expect(select).toHaveValue("IE");
    fireEvent.change(select, { target: { value: "FR" } });
    expect(select).toHaveValue("FR");
    expect(read().country).toBe("FR");
  });
});

import { fireEvent, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { useForm } from "react-hook-form";
import messages from "@/messages/en-GB.json";
import { KitFormElement } from "./form/form";
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
          <SelectField label="Country" options={{ items: countries, empty: "Choose a country" }} {...register("country")} />
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

  it("shows a form's saved values in the server's HTML, and nothing it was not given", () => {
    const saved = { name: "Hartwell & Co", billing: { country: "IE" }, notes: "Paid <late>", count: 3, agreed: "yes" };
    function Form() {
      const { register } = useForm({ defaultValues: saved });
      return (
        <KitFormElement defaults={saved}>
          <Field label="Name" {...register("name")} />
          <Field label="Count" type="number" {...register("count")} />
          <Field label="Agreed" type="checkbox" {...register("agreed")} />
          <Field label="Own value" defaultValue="given" name="other" />
          <TextareaField label="Notes" {...register("notes")} />
          <SelectField label="Country" options={{ items: [{ value: "GB", label: "United Kingdom" }, { value: "IE", label: "Ireland" }] }} {...register("billing.country")} />
        </KitFormElement>
      );
    }
    const html = renderToString(
      <NextIntlClientProvider locale="en-GB" messages={messages}>
        <Form />
      </NextIntlClientProvider>,
    );
    document.body.innerHTML = html;
    expect(screen.getByLabelText("Name")).toHaveValue("Hartwell & Co");
    expect(screen.getByLabelText("Count")).toHaveValue(3);
    expect(screen.getByLabelText("Agreed")).not.toBeChecked();
    // A box's saved state is react-hook-form's to set: its value attribute is not the saved text.
    expect(screen.getByLabelText("Agreed")).not.toHaveAttribute("value");
    expect(screen.getByLabelText("Own value")).toHaveValue("given");
    expect(screen.getByLabelText("Notes")).toHaveValue("Paid <late>");
    expect(screen.getByLabelText("Country")).toHaveValue("IE");
  });

  it("shows nothing saved outside a form given its defaults", () => {
    const html = renderToString(
      <NextIntlClientProvider locale="en-GB" messages={messages}>
        <KitFormElement>
          <Field label="Name" name="name" />
        </KitFormElement>
      </NextIntlClientProvider>,
    );
    document.body.innerHTML = html;
    expect(screen.getByLabelText("Name")).toHaveValue("");
  });
});

import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import messages from "@/messages/en-GB.json";
import { ErrorSummary, summaryItems } from "../error-summary";
import { Field } from "../field";
import { FormActions } from "./form-actions";
import { KitFormElement } from "./form";
import { useStaffMessage } from "./staff-messages";
import { requiredOnly } from "./reason-form";
import { useKitForm, type KitForm, type ServerFields } from "./use-kit-form";
import { renderWithMessages } from "@/tests/support/render-with-messages";

type Values = { name: string; email: string };

/** A two-field form on the kit; `answer` is what "the server" says to a valid submit. */
function Person({ answer, focus, version, markReady, onForm }: { answer: () => ServerFields | null; focus?: "summary" | "field"; version?: number; markReady?: boolean; onForm?: (form: KitForm<Values, Values>) => void }) {
  const message = useStaffMessage();
  const form = useKitForm<Values>({ resolver: requiredOnly<Values>(["name", "email"]), defaultValues: { name: version ? `v${version}` : "", email: "" }, focus, version });
  onForm?.(form);
  const { register, formState } = form;
  async function submit() {
    const fields = answer();
    if (fields) form.serverErrors(fields, ["name", "email"], ["status"]);
  }
  return (
    <KitFormElement scope="person" markReady={markReady} aria-label="Person" onSubmit={form.submitWith(submit)}>
      <ErrorSummary id="person-summary" items={summaryItems(formState.errors, { scope: "person", translate: message, order: ["name", "email"] })} focusKey={form.failures || undefined} />
      <Field label="Name" error={message(formState.errors.name?.message)} {...register("name")} />
      <Field label="Email" error={message(formState.errors.email?.message)} {...register("email")} />
      <FormActions submit="Save" loading={formState.isSubmitting} cancel="Cancel" onCancel={() => form.reset()} />
    </KitFormElement>
  );
}

describe("useKitForm with KitFormElement", () => {
  it("marks the form ready once hydrated, only when asked, and turns off browser validation", () => {
    const { container, unmount } = renderWithMessages(<Person answer={() => null} markReady />);
    expect(container.querySelector("form")).toHaveAttribute("data-ready", "true");
    expect(container.querySelector("form")).toHaveAttribute("novalidate");
    unmount();
    const other = renderWithMessages(<Person answer={() => null} />);
    expect(other.container.querySelector("form")).not.toHaveAttribute("data-ready");
  });

  it("lists the problems in the summary, which takes the focus after a failed submit", async () => {
    renderWithMessages(<Person answer={() => null} />);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const summary = await screen.findByRole("alert");
    expect(summary).toHaveTextContent("There is a problem");
    expect(summary).toHaveTextContent("Required");
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByLabelText("Name")).toHaveAttribute("id", "person-name");
  });

  it("focuses the first field in error in field mode", async () => {
    renderWithMessages(<Person answer={() => null} focus="field" />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Ada" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.getByLabelText("Email")).toHaveFocus());
  });

  it("puts the server's field errors on their fields and a refusal of the whole form first in the summary, unlinked", async () => {
    renderWithMessages(<Person answer={() => ({ email: ["email"], other: ["tooLong"], status: ["statusMoveRefused"] })} />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Ada" } });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "nope" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const summary = await screen.findByRole("alert");
    const items = summary.querySelectorAll("li");
    expect(items).toHaveLength(2);
    expect(items[0]!.querySelector("a")).toBeNull();
    expect(items[1]!.querySelector("a")).toHaveAttribute("href", "#person-email");
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(summary).toHaveFocus());
  });

  it("starts again from the new defaults when the saved record's version changes", async () => {
    let form: KitForm<Values, Values> | undefined;
    const { rerender } = renderWithMessages(<Person answer={() => null} version={1} onForm={(f) => (form = f)} />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "typed" } });
    expect(screen.getByLabelText("Name")).toHaveValue("typed");
    rerender(
      <NextIntlClientProvider locale="en-GB" messages={messages}>
        <Person answer={() => null} version={2} onForm={(f) => (form = f)} />
      </NextIntlClientProvider>,
    );
    await waitFor(() => expect(screen.getByLabelText("Name")).toHaveValue("v2"));
    expect(form?.formState.isDirty).toBe(false);
  });

  it("counts failures and clears the problem flag", () => {
    let form: KitForm<Values, Values> | undefined;
    renderWithMessages(<Person answer={() => null} onForm={(f) => (form = f)} />);
    act(() => form!.fail());
    expect(form).toMatchObject({ failures: 1, problem: true });
    act(() => form!.clearProblem());
    expect(form).toMatchObject({ failures: 1, problem: false });
  });
});

import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { Resolver } from "react-hook-form";
import type { PatchOperation } from "@/lib/json-patch/diff";
import { renderWithMessages } from "@/tests/support/render-with-messages";
import { Field } from "../field";
import { KitFormElement } from "./form";
import { FormActions } from "./form-actions";
import { useStaffMessage } from "./staff-messages";
import { useKitForm } from "./use-kit-form";
import { usePatchForm, type PatchResult } from "./use-patch-form";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));
const success = jest.fn();
const info = jest.fn();
const error = jest.fn();
jest.mock("@/components/ui/toast", () => ({ useToastMessages: () => ({ success, info, error }) }));

type Values = { name: string; email: string };
type Checked = { name: string; email: string | null };
const record = { id: 7, name: "Ada", email: null };
/** As the patch schemas do: a blank optional field is null. */
const resolver: Resolver<Values, unknown, Checked> = async (values) => ({
  values: { ...values, email: values.email || null },
  errors: {},
});

type Send = (operations: PatchOperation[]) => Promise<PatchResult>;

function Person({ send, onDone }: { send: Send; onDone: () => void }) {
  const message = useStaffMessage();
  const defaults = { name: record.name, email: "" };
  const form = useKitForm<Values, Checked>({ resolver, defaultValues: defaults, focus: "field" });
  const submit = usePatchForm(form, {
    id: "person",
    defaults,
    record,
    fields: ["name", "email"],
    send,
    toasts: { saved: "saved", savedValues: ({ name }) => ({ name }), unchanged: "same" },
    onDone,
  });
  const { register, formState } = form;
  const err = (field: keyof Values) => message(formState.errors[field]?.message);
  return (
    <KitFormElement aria-label="Person" onSubmit={form.submitWith(submit)}>
      <Field label="Name" error={err("name")} {...register("name")} />
      <Field label="Email" error={err("email")} {...register("email")} />
      <FormActions submit="Save" loading={formState.isSubmitting} />
    </KitFormElement>
  );
}

afterEach(() => jest.clearAllMocks());

describe("usePatchForm", () => {
  it("sends nothing when nothing changed (a blank field is the record's null)", async () => {
    const send = jest.fn();
    const onDone = jest.fn();
    renderWithMessages(<Person send={send} onDone={onDone} />);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(send).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith("same");
    expect(refresh).not.toHaveBeenCalled();
  });

  it("sends the changed fields only, then toasts, refreshes the page and is done", async () => {
    const send = jest.fn(async () => ({ ok: true }) as const);
    const onDone = jest.fn();
    renderWithMessages(<Person send={send} onDone={onDone} />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Grace" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(send).toHaveBeenCalledWith([{ op: "replace", path: "/name", value: "Grace" }]);
    expect(success).toHaveBeenCalledWith("saved", { values: { name: "Grace" } });
    expect(refresh).toHaveBeenCalled();
  });

  it("shows the server's refusal on its field and the error toast", async () => {
    const fields = { email: ["email"], other: ["required"] };
    const send = jest.fn(async () => ({ ok: false, fields }) as const);
    const onDone = jest.fn();
    renderWithMessages(<Person send={send} onDone={onDone} />);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ada@" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(error).toHaveBeenCalledWith("formSubmitFailed"));
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(onDone).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });
});

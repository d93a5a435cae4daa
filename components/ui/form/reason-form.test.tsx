import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import messages from "@/messages/en-GB.json";
import { useStaffMessage } from "./staff-messages";
import { ReasonForm, reasonRequired, type ReasonAnswer } from "./reason-form";

function Reason({ onSend, summary }: { onSend: (reason: string) => Promise<ReasonAnswer>; summary?: boolean }) {
  const message = useStaffMessage();
  return (
    <ReasonForm
      resolver={reasonRequired}
      label="Reason"
      submitLabel="Remove"
      cancelLabel="Cancel"
      onCancel={() => undefined}
      danger
      summaryTitle={summary ? "There is a problem" : undefined}
      translate={message}
      onSend={onSend}
    />
  );
}

const wrap = (ui: React.ReactNode) =>
  render(
    <NextIntlClientProvider locale="en-GB" messages={messages}>
      {ui}
    </NextIntlClientProvider>,
  );

describe("ReasonForm", () => {
  it("requires a reason before sending, then sends it", async () => {
    const onSend = jest.fn(async () => true as const);
    wrap(<Reason onSend={onSend} />);
    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    expect(await screen.findByText(messages.clientDetail.validation.reasonRequired)).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByLabelText("Reason")).toHaveFocus());
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "Left the company" } });
    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith("Left the company"));
  });

  it("shows the server's problems: the reason's on the field, the form's in the summary", async () => {
    wrap(<Reason summary onSend={async () => ({ reason: "reasonTooShort", form: "reopenNotRejected" })} />);
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "short" } });
    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    const summary = await screen.findByRole("alert");
    expect(summary).toHaveTextContent(messages.clientDetail.validation.reopenNotRejected);
    expect(summary).toHaveTextContent(messages.clientDetail.validation.reasonTooShort);
    expect(screen.getByLabelText("Reason")).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(summary).toHaveFocus());
  });
});

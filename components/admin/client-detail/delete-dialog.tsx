"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { deleteRequestSchema } from "@/lib/schemas/client-patch";
import { Dialog } from "@/components/ui/dialog";
import { useStaffMessage } from "@/components/ui/form/staff-messages";
import { ReasonForm, type ReasonAnswer } from "@/components/ui/form/reason-form";

export interface DeleteDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  reasonLabel: string;
  submitLabel: string;
  cancelLabel: string;
  /** Sends the delete; resolves true when done (the dialog then closes). */
  onConfirm: (reason: string) => Promise<boolean>;
  /** See Dialog. */
  returnFocusTo?: () => HTMLElement | null;
}

/** Asks for the reason of a deletion (required, docs/domain.md) and confirms it. */
export function DeleteDialog({ open, onClose, title, description, reasonLabel, submitLabel, cancelLabel, onConfirm, returnFocusTo }: DeleteDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description} returnFocusTo={returnFocusTo}>
      <DeleteForm {...{ reasonLabel, submitLabel, cancelLabel, onConfirm, onClose }} />
    </Dialog>
  );
}

function DeleteForm({ reasonLabel, submitLabel, cancelLabel, onConfirm, onClose }: Pick<DeleteDialogProps, "reasonLabel" | "submitLabel" | "cancelLabel" | "onConfirm" | "onClose">) {
  const message = useStaffMessage();
  async function send(reason: string): Promise<ReasonAnswer> {
    if (!(await onConfirm(reason))) return {};
    onClose();
    return true;
  }
  return (
    <ReasonForm
      resolver={zodResolver(deleteRequestSchema)}
      label={reasonLabel}
      maxLength={1000}
      submitLabel={submitLabel}
      cancelLabel={cancelLabel}
      onCancel={onClose}
      danger
      translate={message}
      onSend={send}
    />
  );
}

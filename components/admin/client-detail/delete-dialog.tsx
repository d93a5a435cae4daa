"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { deleteRequestSchema, type DeleteRequest } from "@/lib/schemas/client-patch";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextareaField } from "@/components/ui/field";
import { useFieldMessage } from "./use-field-message";

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
  const message = useFieldMessage();
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DeleteRequest>({ resolver: zodResolver(deleteRequestSchema), defaultValues: { reason: "" } });

  async function submit(values: DeleteRequest) {
    setBusy(true);
    try {
      if (await onConfirm(values.reason)) onClose();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-4">
      <TextareaField label={reasonLabel} rows={3} maxLength={1000} error={message(errors.reason?.message)} {...register("reason")} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="danger" loading={busy}>
          {submitLabel}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          {cancelLabel}
        </Button>
      </div>
    </form>
  );
}

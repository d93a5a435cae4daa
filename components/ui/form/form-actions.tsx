"use client";

import type { ReactNode } from "react";
import { Button } from "../button";
import { cn } from "../cn";

export interface FormActionsProps {
  /** The submit button's label. */
  submit: ReactNode;
  /** Busy: a spinner on the submit button, which ignores presses. */
  loading?: boolean;
  /** Announced while busy ("Saving…"). */
  loadingLabel?: string;
  /** A destructive action (remove, delete). */
  danger?: boolean;
  /** The secondary button's label and action (Cancel). */
  cancel?: ReactNode;
  onCancel?: () => void;
  cancelDisabled?: boolean;
  className?: string;
  /** After the buttons (a status line). */
  children?: ReactNode;
}

/** A form's buttons: submit (with its busy state) and, when given, the secondary one beside it. */
export function FormActions({ submit, loading, loadingLabel, danger, cancel, onCancel, cancelDisabled, className, children }: FormActionsProps) {
  return (
    <div className={cn("flex flex-wrap gap-3", className)}>
      <Button type="submit" variant={danger ? "danger" : "primary"} loading={loading} loadingLabel={loadingLabel}>
        {submit}
      </Button>
      {onCancel ? (
        <Button type="button" variant="secondary" disabled={cancelDisabled} onClick={onCancel}>
          {cancel}
        </Button>
      ) : null}
      {children}
    </div>
  );
}

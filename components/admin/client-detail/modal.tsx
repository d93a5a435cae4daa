"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";

export interface ModalProps {
  open: boolean;
  /** Called when the dialog closes itself (Escape, or a button calling `onClose`). */
  onClose: () => void;
  /** The dialog's heading (translated); names the dialog. */
  title: ReactNode;
  /** Text under the heading; describes the dialog. */
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /**
   * Where focus goes on close, when not back to the control that opened the dialog (e.g. that
   * control is about to disappear). Called at close time.
   */
  returnFocusTo?: () => HTMLElement | null;
}

/**
 * A modal dialog on the native `<dialog>` element: `showModal()` makes the rest of the page inert
 * and keeps Tab inside; Escape closes it; it is named by its heading and described by its text;
 * focus moves to the first field (or the element marked `autoFocus`) and back to the control that
 * opened it on close. Content is rendered only while open, so forms start fresh each time.
 */
export function Modal({ open, onClose, title, description, children, className, returnFocusTo }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  const returnFocusRef = useRef(returnFocusTo);
  useEffect(() => {
    onCloseRef.current = onClose;
    returnFocusRef.current = returnFocusTo;
  }, [onClose, returnFocusTo]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      const first = dialog.querySelector<HTMLElement>("[autofocus], input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])");
      first?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const handleClose = () => {
      const target = returnFocusRef.current?.() ?? opener.current;
      opener.current = null;
      if (target?.isConnected) target.focus();
      onCloseRef.current();
    };
    dialog.addEventListener("close", handleClose);
    return () => dialog.removeEventListener("close", handleClose);
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={cn(
        "m-auto w-[calc(100%-2rem)] max-w-lg rounded-lg border border-line-soft bg-white p-5 text-ink shadow-xl backdrop:bg-black/50 sm:p-6",
        className,
      )}
    >
      {open ? (
        <div className="flex flex-col gap-4">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className="text-ink-muted">
              {description}
            </p>
          ) : null}
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

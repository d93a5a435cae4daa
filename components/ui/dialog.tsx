"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import * as RadixDialog from "@radix-ui/react-dialog";
import { cn } from "./cn";

export interface DialogProps {
  open: boolean;
  /** Called when the dialog closes itself (Escape), or from a button of the caller's. */
  onClose: () => void;
  /** The dialog's heading (translated); names the dialog. */
  title: ReactNode;
  /** Text under the heading; describes the dialog. */
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /**
   * Where focus goes on close, when not back to the control that had it before the dialog opened
   * (e.g. that control is about to disappear). Called at close time.
   */
  returnFocusTo?: () => HTMLElement | null;
}

const FIELD = "input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])";

/**
 * A modal dialog on Radix: the rest of the page is hidden from assistive technology and Tab stays
 * inside; Escape closes it; it is named by its heading and described by its text. On opening, focus
 * goes to the first form field (or stays on a control marked `autoFocus`), else to the first
 * control; on closing, back to where it was before. Content renders only while open, so forms start
 * fresh each time. A click outside does not close it: the dialogs hold forms, and a stray click
 * should not throw away what was typed.
 */
export function Dialog({ open, onClose, title, description, children, className, returnFocusTo }: DialogProps) {
  // The opener: the dialogs open from state (no Radix trigger), so remember what had focus last
  // while closed. React's `autoFocus` moves focus before any effect of the dialog runs, so reading
  // document.activeElement at open time would find the dialog's own control.
  const lastFocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open) return;
    const remember = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement) lastFocus.current = event.target;
    };
    document.addEventListener("focusin", remember);
    return () => document.removeEventListener("focusin", remember);
  }, [open]);
  // A dialog whose code arrived after the click that opened it mounts open, having seen no focus
  // move: what had focus as it mounted (read before any of its controls takes it).
  const [focusAtMount] = useState(() => (typeof document !== "undefined" && document.activeElement instanceof HTMLElement ? document.activeElement : null));

  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <RadixDialog.Content
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={(event) => {
            const content = event.currentTarget as HTMLElement | null;
            if (!content) return;
            if (content.contains(document.activeElement)) {
              event.preventDefault(); // an autoFocus control already has it
              return;
            }
            const field = content.querySelector<HTMLElement>(FIELD);
            if (field) {
              event.preventDefault();
              field.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = returnFocusTo?.() ?? lastFocus.current ?? focusAtMount;
            if (target?.isConnected) target.focus();
          }}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-line-soft bg-white p-5 text-ink shadow-xl focus:outline-none sm:p-6",
            className,
          )}
        >
          <div className="flex flex-col gap-4">
            <RadixDialog.Title className="text-xl font-bold">{title}</RadixDialog.Title>
            {description ? <RadixDialog.Description className="text-ink-muted">{description}</RadixDialog.Description> : null}
            {children}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

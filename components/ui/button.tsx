"use client";

import type { ComponentPropsWithRef, MouseEvent } from "react";
import { buttonClassName, type ButtonSize, type ButtonVariant } from "./button-styles";
import { Spinner } from "./spinner";
import { VisuallyHidden } from "./visually-hidden";

export interface ButtonProps extends ComponentPropsWithRef<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /**
   * Busy state: shows a spinner, sets `aria-busy` and `aria-disabled` and ignores clicks. The
   * button stays focusable (unlike `disabled`), so keyboard and screen-reader users keep their place.
   */
  loading?: boolean;
  /** Translated text announced while loading (e.g. "Saving…"); the visible label stays. */
  loadingLabel?: string;
}

/** A button. `type` defaults to "button"; pass `type="submit"` for form submission. */
export function Button({
  variant = "primary",
  size = "md",
  fullWidth,
  loading = false,
  loadingLabel,
  className,
  type = "button",
  onClick,
  children,
  "aria-disabled": ariaDisabled,
  ...rest
}: ButtonProps) {
  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  }

  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, fullWidth, className })}
      {...rest}
      aria-busy={loading || undefined}
      aria-disabled={loading || ariaDisabled || undefined}
      onClick={handleClick}
    >
      {loading ? <Spinner size="sm" /> : null}
      {children}
      {loading && loadingLabel ? <VisuallyHidden>{` ${loadingLabel}`}</VisuallyHidden> : null}
    </button>
  );
}

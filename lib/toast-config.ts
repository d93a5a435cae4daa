/**
 * Toast constants (docs/domain.md), in one place. `components/ui/toaster.tsx` passes them to sonner;
 * `lib/toast-config.test.ts` checks them against the spec and against the installed sonner for
 * the values sonner does not let us configure.
 */

export type ToastPosition = "top-left" | "top-right" | "bottom-left" | "bottom-right" | "top-center" | "bottom-center";

export const TOAST_CONFIG = Object.freeze({
  /** Toasts visible at once. */
  visibleToasts: 3,
  /** How long a toast stays, in milliseconds. */
  durationMs: 4000,
  /** Toast width in pixels (sonner's `--width`; full width below 600 px viewports). */
  widthPx: 356,
  /** Gap between expanded toasts, in pixels. */
  gapPx: 14,
  /** Swipe distance that dismisses a toast, in pixels. Fixed inside sonner 2 (SWIPE_THRESHOLD). */
  swipeThresholdPx: 45,
  /** Removal animation, in milliseconds. Fixed inside sonner 2 (TIME_BEFORE_UNMOUNT). */
  removeDelayMs: 200,
  /** Alt+T moves focus to the toasts. `KeyboardEvent` property / `code` names, as sonner expects. */
  hotkey: Object.freeze(["altKey", "KeyT"]) as readonly string[],
  /** Default position. */
  position: "bottom-right" as ToastPosition,
  /** Every toast shows a close button (toasts are dismissible; swipe works too). */
  closeButton: true,
  richColors: true,
});

/**
 * The second toaster, for notifications (docs/domain.md: "notifications appear top-center"). Send a toast
 * there with `{ toasterId: NOTIFICATIONS_TOASTER.id }` (see `notify` in components/ui/toast.ts).
 * It has its own hotkey (Alt+N) so Alt+T keeps focusing the main toasts.
 */
export const NOTIFICATIONS_TOASTER = Object.freeze({
  id: "notifications",
  position: "top-center" as ToastPosition,
  hotkey: Object.freeze(["altKey", "KeyN"]) as readonly string[],
});

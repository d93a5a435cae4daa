import { cn } from "./cn";
import { VisuallyHidden } from "./visually-hidden";

const SIZES = { sm: "size-4 border-2", md: "size-6 border-[3px]", lg: "size-10 border-4" } as const;

export interface SpinnerProps {
  /**
   * Translated text announced to screen readers (e.g. `t("common.loading")`). With a label the
   * spinner is a polite live region (`role="status"`); without one it is decorative.
   */
  label?: string;
  /** Show the label next to the spinner instead of hiding it visually. */
  showLabel?: boolean;
  size?: keyof typeof SIZES;
  className?: string;
}

/** A circular activity indicator. */
export function Spinner({ label, showLabel = false, size = "md", className }: SpinnerProps) {
  const circle = (
    <span
      aria-hidden="true"
      className={cn(
        "inline-block shrink-0 animate-spin rounded-full border-current border-r-transparent",
        SIZES[size],
      )}
    />
  );
  if (!label) return <span className={cn("inline-flex", className)}>{circle}</span>;
  return (
    <span role="status" className={cn("inline-flex items-center gap-2", className)}>
      {circle}
      {showLabel ? <span>{label}</span> : <VisuallyHidden>{label}</VisuallyHidden>}
    </span>
  );
}

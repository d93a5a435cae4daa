import type { ReactNode } from "react";
import { cn } from "./cn";
import { LineIcon } from "./line-icon";

export type AlertVariant = "info" | "success" | "warning" | "error";

/** Each variant's colours, and the mark drawn inside the icon's circle (a stroked path). */
const VARIANTS: Record<AlertVariant, { box: string; mark: string }> = {
  info: { box: "border-navy-700 bg-navy-50 text-navy-900", mark: "M12 8h.01M11 12h1v5h1" },
  success: { box: "border-green-700 bg-green-50 text-green-900", mark: "m8 12.5 2.5 2.5L16 9.5" },
  warning: { box: "border-amber-700 bg-amber-50 text-amber-950", mark: "M12 7.5v5.5M12 16.5h.01" },
  error: { box: "border-danger bg-red-50 text-red-900", mark: "m9 9 6 6m0-6-6 6" },
};

export interface AlertProps {
  variant?: AlertVariant;
  /** Bold first line (translated). */
  title?: ReactNode;
  children?: ReactNode;
  /**
   * Live-region role. Defaults to "alert" (assertive) for errors and "status" (polite) otherwise;
   * "none" renders a static notice that is not announced when it appears.
   */
  role?: "alert" | "status" | "none";
  id?: string;
  className?: string;
  /** Makes the alert focusable, e.g. to move focus to an error summary after submit. */
  tabIndex?: number;
}

/** A boxed message: information, success, warning or error. */
export function Alert({ variant = "info", title, children, role, id, className, tabIndex }: AlertProps) {
  const resolvedRole = role ?? (variant === "error" ? "alert" : "status");
  const { box, mark } = VARIANTS[variant];
  return (
    <div
      id={id}
      tabIndex={tabIndex}
      role={resolvedRole === "none" ? undefined : resolvedRole}
      className={cn("flex gap-3 rounded-md border-l-4 p-4", box, className)}
    >
      <LineIcon className="mt-0.5 size-5 shrink-0">
        <circle cx="12" cy="12" r="9.5" />
        <path d={mark} strokeLinecap="round" strokeLinejoin="round" />
      </LineIcon>
      <div className="min-w-0 flex-1 space-y-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="[&_a]:text-inherit">{children}</div> : null}
      </div>
    </div>
  );
}

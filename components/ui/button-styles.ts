import { cn } from "./cn";

export type ButtonVariant = "primary" | "secondary" | "danger" | "link";
export type ButtonSize = "sm" | "md";

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
}

const BASE =
  "inline-flex items-center justify-center gap-2 font-semibold transition-colors aria-disabled:cursor-not-allowed disabled:cursor-not-allowed";

const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    "rounded-md border-2 border-navy-900 bg-navy-900 text-white no-underline hover:border-navy-700 hover:bg-navy-700 hover:text-white aria-disabled:opacity-70 disabled:opacity-70",
  secondary:
    "rounded-md border-2 border-navy-900 bg-white text-navy-900 no-underline hover:bg-navy-50 hover:text-navy-900 aria-disabled:opacity-70 disabled:opacity-70",
  danger:
    "rounded-md border-2 border-danger bg-danger text-white no-underline hover:border-danger-strong hover:bg-danger-strong hover:text-white aria-disabled:opacity-70 disabled:opacity-70",
  link: "rounded-sm text-brand-link underline underline-offset-2 hover:text-brand-link-hover hover:decoration-2",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "min-h-9 px-3 py-1 text-sm",
  md: "min-h-11 px-5 py-2 text-base",
};

/**
 * Class names of a button. Shared by `<Button>` and `<ButtonLink>` (links that look like buttons)
 * and usable from server and client components alike.
 */
export function buttonClassName({ variant = "primary", size = "md", fullWidth, className }: ButtonStyleOptions = {}) {
  return cn(BASE, VARIANTS[variant], variant === "link" ? "p-0 text-base" : SIZES[size], fullWidth && "w-full", className);
}

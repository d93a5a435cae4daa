import { cn } from "@/components/ui/cn";

export interface LogoMarkProps {
  /** Accessible name (translated). Without it the mark is decorative. */
  label?: string;
  className?: string;
}

/**
 * The Thornbury Corporate Services mark: a shield with a tick, drawn inline so it costs no request
 * and inherits nothing from the network. The same drawing is in public/logo.svg.
 */
export function LogoMark({ label, className }: LogoMarkProps) {
  return (
    <svg
      viewBox="0 0 40 40"
      className={cn("size-9 shrink-0", className)}
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
    >
      <path d="M20 2.5 5 8v11.2c0 9.3 6.3 15.6 15 18.3 8.7-2.7 15-9 15-18.3V8L20 2.5Z" fill="#ffffff" />
      <path d="M20 6.2 8.5 10.4v8.8c0 7.3 4.8 12.3 11.5 14.6 6.7-2.3 11.5-7.3 11.5-14.6v-8.8L20 6.2Z" fill="#0b2545" />
      <path
        d="m13.5 19.8 4.5 4.5 8.8-9.3"
        fill="none"
        stroke="#ffdd00"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

import type { ReactNode } from "react";

/** A stroked line icon in the text's colour, hidden from assistive technology; `children` are its shapes. */
export function LineIcon({ viewBox = "0 0 24 24", strokeWidth = 2, className, children }: { viewBox?: string; strokeWidth?: number; className?: string; children: ReactNode }) {
  return (
    <svg aria-hidden="true" viewBox={viewBox} fill="none" stroke="currentColor" strokeWidth={strokeWidth} className={className}>
      {children}
    </svg>
  );
}

import { cn } from "./cn";

export interface SkeletonProps {
  /** Size and shape, e.g. `h-4 w-1/2`; defaults to one line of text. */
  className?: string;
  /** Render this many stacked text lines (the last one shorter). */
  lines?: number;
}

/**
 * Placeholder shape shown while content loads. Decorative (`aria-hidden`): pair it with a
 * `Spinner` label or `aria-busy` on the region so screen readers hear that content is loading.
 */
export function Skeleton({ className, lines }: SkeletonProps) {
  if (lines && lines > 1) {
    return (
      <div aria-hidden="true" className="flex flex-col gap-2">
        {Array.from({ length: lines }, (_, i) => (
          <div
            key={i}
            className={cn("h-4 animate-pulse rounded bg-gray-200", i === lines - 1 ? "w-2/3" : "w-full", className)}
          />
        ))}
      </div>
    );
  }
  return <div aria-hidden="true" className={cn("h-4 w-full animate-pulse rounded bg-gray-200", className)} />;
}

/**
 * Sampling for a log line that an attacker can make the server write at will (a refused bot check,
 * say): at most one line per interval, the first one of it, and that line says how many were held
 * back since the previous one. Pure apart from the clock, which tests may pass in.
 */
export interface LogSampler {
  /** Whether to write this occurrence's line now, and how many occurrences were not written before it. */
  take(): { write: true; heldBack: number } | { write: false };
  /** Forgets the interval and the count (tests). */
  reset(): void;
}

export function logSampler(intervalMs: number, now: () => number = () => Date.now()): LogSampler {
  let last = Number.NEGATIVE_INFINITY;
  let heldBack = 0;
  return {
    take() {
      const t = now();
      if (t - last >= intervalMs || t < last) {
        last = t;
        const held = heldBack;
        heldBack = 0;
        return { write: true, heldBack: held };
      }
      heldBack += 1;
      return { write: false };
    },
    reset() {
      last = Number.NEGATIVE_INFINITY;
      heldBack = 0;
    },
  };
}

/** " (N more since the last line)" when lines were held back, else nothing. */
export function heldBackNote(heldBack: number): string {
  return heldBack > 0 ? ` (${heldBack} more since the last line)` : "";
}

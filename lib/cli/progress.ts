/*
 * A progress bar for operator commands, written to a stream (stderr, so stdout keeps the result).
 * On a terminal it is one line rewritten in place; elsewhere (a log file, a pipe, CI) it is plain
 * lines, one at each tenth of the way and one at the end, so logs stay readable. Pure but for the
 * stream it is given.
 */

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface Progress {
  /** `done` items of `total` so far, and a short note of the counts ("12 updated, 1 failed"). */
  update(done: number, note?: string): void;
  /** Ends the line on a terminal; writes the last plain line elsewhere if not written yet. */
  finish(note?: string): void;
}

/** "[########------------]  40% 40/100": the bar, the share and the count. */
export function progressLine(done: number, total: number, width = 24): string {
  const share = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(share * width);
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${String(Math.floor(share * 100)).padStart(3)}% ${done}/${total}`;
}

export function createProgress(stream: ProgressStream, total: number, label: string): Progress {
  const tty = Boolean(stream.isTTY);
  const step = Math.max(1, Math.ceil(total / 10));
  let lastPlain = -1;
  let lastDone = 0;
  let lastNote = "";
  let finished = false;

  const line = (done: number, note: string) => `${label} ${progressLine(done, total)}${note ? `  ${note}` : ""}`;
  const fit = (text: string) => (stream.columns && text.length >= stream.columns ? text.slice(0, stream.columns - 1) : text);

  function update(done: number, note = "") {
    lastDone = done;
    lastNote = note;
    if (tty) {
      // Back to the line's start, write it, clear what a longer earlier line left.
      stream.write(`\r${fit(line(done, note))}\x1b[K`);
    } else if (done === total || done === 0 || Math.floor(done / step) > Math.floor(lastPlain / step)) {
      if (done === lastPlain) return;
      lastPlain = done;
      stream.write(`${line(done, note)}\n`);
    }
  }

  return {
    update,
    finish(note) {
      if (finished) return;
      finished = true;
      const text = line(lastDone, note ?? lastNote);
      if (tty) stream.write(`\r${fit(text)}\x1b[K\n`);
      else if (note !== undefined || lastDone !== lastPlain) stream.write(`${text}\n`);
    },
  };
}

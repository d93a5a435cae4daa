import { print } from "../lib/terminal";

/** Prints a table of text cells under `head` and a rule: the first column left-aligned, the others right-aligned. */
export function printTable(head: string[], lines: string[][]) {
  const all = [head, ...lines];
  const widths = head.map((_, i) => Math.max(...all.map((l) => l[i]!.length)));
  const line = (l: string[]) => l.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  print(line(head));
  print(widths.map((w) => "-".repeat(w)).join("  "));
  for (const l of lines) print(line(l));
}

import { clientMoves } from "./client-lifecycle";
import { directorMoves } from "./director-lifecycle";
import { clientStatusValues, directorStatusValues } from "./values";

/*
 * The Mermaid diagrams of both status machines, generated from their tables. docs/domain.md carries
 * them between markers, and a unit test (lifecycle-diagram.test.ts) fails when the document and the
 * tables disagree; `npx tsx lib/domain/lifecycle-diagram.ts` rewrites the document.
 */

export const DIAGRAM_START = "<!-- lifecycle diagrams: generated from lib/domain by lib/domain/lifecycle-diagram.ts -->";
export const DIAGRAM_END = "<!-- end of lifecycle diagrams -->";

/** The director machine: one edge per (from, to, event) the table allows; moves that keep the status are left out. */
export function directorDiagram(): string {
  const lines = ["stateDiagram-v2", "  [*] --> AwaitingIDInfo: invited"];
  const seen = new Set<string>();
  for (const m of directorMoves) {
    if (m.to === "same") continue;
    const from = m.from === "any" ? directorStatusValues : m.from;
    for (const f of from) {
      const label = `${m.event}${m.guard ? ` [${m.guard.label}]` : ""}${m.via ? ` via ${m.via}` : ""}`;
      const line = `  ${f} --> ${m.to}: ${label}`;
      if (!seen.has(line)) lines.push(line);
      seen.add(line);
    }
  }
  lines.push("  Complete --> [*]", "  Rejected --> [*]");
  return lines.join("\n");
}

/** The client machine: the events' moves, and the moves its directors' progress derives. */
export function clientDiagram(): string {
  const lines = ["stateDiagram-v2", "  [*] --> PaymentPending: card request", "  [*] --> New: invoice or existing customer"];
  for (const m of clientMoves) {
    if (m.to === "derived") continue;
    for (const f of m.from) lines.push(`  ${f} --> ${m.to}: ${m.event}${m.guard ? ` [${m.guard}]` : ""}`);
  }
  lines.push(
    "  New --> InProgress: directorsChanged [a director started]",
    "  Onboarding --> InProgress: directorsChanged [a director started]",
    "  New --> Completed: directorsChanged [every live director Complete]",
    "  Onboarding --> Completed: directorsChanged [every live director Complete]",
    "  InProgress --> Completed: directorsChanged [every live director Complete]",
    "  Completed --> InProgress: directorsChanged [a live director not Complete]",
  );
  for (const s of clientStatusValues) if (!lines.some((l) => l.includes(` ${s} `) || l.endsWith(` ${s}`) || l.includes(`> ${s}:`))) lines.push(`  ${s}`);
  return lines.join("\n");
}

/** The block docs/domain.md must hold between its markers. */
export function diagramsBlock(): string {
  return [
    DIAGRAM_START,
    "Director (computed status; an override is shown instead while set, see above):",
    "",
    "```mermaid",
    directorDiagram(),
    "```",
    "",
    "Client:",
    "",
    "```mermaid",
    clientDiagram(),
    "```",
    DIAGRAM_END,
  ].join("\n");
}

/** `text` with its diagrams block replaced by the generated one. */
export function withDiagrams(text: string): string {
  const a = text.indexOf(DIAGRAM_START);
  const b = text.indexOf(DIAGRAM_END);
  if (a < 0 || b < a) throw new Error("docs/domain.md has no lifecycle diagram markers");
  return text.slice(0, a) + diagramsBlock() + text.slice(b + DIAGRAM_END.length);
}

/* c8 ignore next 6 */
if (typeof process !== "undefined" && process.argv[1]?.endsWith("lifecycle-diagram.ts")) {
  void import("node:fs").then((fs) => {
    const file = new URL("../../docs/domain.md", import.meta.url);
    fs.writeFileSync(file, withDiagrams(fs.readFileSync(file, "utf8")));
  });
}

import fs from "node:fs";
import path from "node:path";
import { directorMoves } from "./director-lifecycle";
import { DIAGRAM_END, DIAGRAM_START, diagramsBlock, directorDiagram } from "./lifecycle-diagram";

describe("the lifecycle diagrams in docs/domain.md", () => {
  const doc = fs.readFileSync(path.join(__dirname, "../../docs/domain.md"), "utf8");

  it("are the ones the tables generate (run `npx tsx lib/domain/lifecycle-diagram.ts` after changing a table)", () => {
    const a = doc.indexOf(DIAGRAM_START);
    const b = doc.indexOf(DIAGRAM_END);
    expect(a).toBeGreaterThan(-1);
    expect(doc.slice(a, b + DIAGRAM_END.length)).toBe(diagramsBlock());
  });

  it("draw every move of the director's table that changes the status", () => {
    const diagram = directorDiagram();
    for (const m of directorMoves) {
      if (m.to === "same") continue;
      expect(diagram).toContain(`--> ${m.to}: ${m.event}`);
    }
  });
});

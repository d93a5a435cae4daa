import fs from "node:fs";
import path from "node:path";

/*
 * Every place the code cites the documentation names a document that exists, and a section that
 * exists in it: `docs/domain.md "Client"` or `docs/operations.md, "Logs"` must find a heading
 * (`## Logs`) or a term defined in a list (`- **Client**`) of that name. A renamed or removed
 * section fails here instead of leaving readers a dead reference.
 */

const root = path.resolve(__dirname, "..");
const SOURCE_DIRS = ["app", "components", "db", "lib", "scripts", "tests"];
const SOURCE = /\.(ts|tsx|mjs|sql)$/;
const CITATION = /docs\/([a-z-]+\.md)(?:,)?\s+"([^"]+)"/g;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (SOURCE.test(entry.name)) yield full;
  }
}

/** The sections of a document: its headings' text and the terms its lists define in bold. */
function sectionsOf(doc: string): Set<string> {
  const text = fs.readFileSync(path.join(root, "docs", doc), "utf8");
  const names = new Set<string>();
  for (const line of text.split("\n")) {
    const heading = /^#{1,6}\s+(.+?)\s*$/.exec(line);
    if (heading) names.add(heading[1]!.replace(/`/g, "").toLowerCase());
    const term = /^\s*[-*]\s+\*\*([^*]+)\*\*/.exec(line);
    if (term) names.add(term[1]!.toLowerCase());
  }
  return names;
}

function citations() {
  const found: { where: string; doc: string; section: string }[] = [];
  for (const dir of SOURCE_DIRS) {
    for (const file of files(path.join(root, dir))) {
      if (file === __filename) continue;
      const text = fs.readFileSync(file, "utf8");
      for (const m of text.matchAll(CITATION)) {
        const line = text.slice(0, m.index).split("\n").length;
        found.push({ where: `${path.relative(root, file)}:${line}`, doc: m[1]!, section: m[2]! });
      }
    }
  }
  return found;
}

describe("citations of the documentation", () => {
  const all = citations();

  it("are found in the code (the check is looking at something)", () => {
    expect(all.length).toBeGreaterThan(5);
  });

  it("each name a document that exists and a section of it", () => {
    const cache = new Map<string, Set<string> | null>();
    const broken = all.filter(({ doc, section }) => {
      if (!cache.has(doc)) cache.set(doc, fs.existsSync(path.join(root, "docs", doc)) ? sectionsOf(doc) : null);
      const sections = cache.get(doc);
      return !sections || ![...sections].some((s) => s === section.toLowerCase() || s.startsWith(`${section.toLowerCase()} `) || s.startsWith(`${section.toLowerCase()}:`));
    });
    expect(broken.map((b) => `${b.where}: docs/${b.doc} "${b.section}"`)).toEqual([]);
  });
});

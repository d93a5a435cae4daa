import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/*
 * lib/ has no import cycle. A cycle makes the result depend on which of its modules is loaded
 * first: one of them sees the others' exports still undefined (a job registry that held together
 * only by the order of its imports, issue 22). Every .ts/.tsx file under lib/ is read with the
 * TypeScript parser; its static imports and re-exports (`import … from`, `import "x"`,
 * `export … from`) are edges, resolved through "@/…" and relative paths to files of the project.
 * Type-only imports (`import type`, or every name marked `type`) are erased at compile time and
 * dynamic `import()` runs later, so neither is an edge: that is how a job definition names its
 * handler (lib/jobs/define-job.ts). Files outside lib/ that lib/ imports (db/…) are followed too,
 * so a cycle through them is found as well. Cycles are the strongly connected components of the
 * graph (Tarjan).
 */

const root = path.resolve(__dirname, "..");
// .mjs: plain JavaScript modules that TypeScript imports (db/search/apply.mjs), read for their imports too.
const EXTENSIONS = [".ts", ".tsx", ".mjs"];

type Graph = Map<string, string[]>;

/** The modules a source file needs at run time, as written: static imports and re-exports that are not type-only. */
export function runtimeSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      // `import { type A, type B } from "x"` is erased whole; `import { type A, b }` is not.
      const bindings = clause?.namedBindings;
      const onlyTypes = clause && !clause.name && bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
      if (onlyTypes) continue;
      if (ts.isStringLiteral(statement.moduleSpecifier)) found.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly)) continue;
      found.push(statement.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(statement) && !statement.isTypeOnly && ts.isExternalModuleReference(statement.moduleReference)) {
      const expression = statement.moduleReference.expression;
      if (ts.isStringLiteral(expression)) found.push(expression.text);
    }
  }
  return found;
}

/** The project file a specifier names, or null for a package or a file that is not TypeScript (JSON imports no module). */
function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, `index${e}`))];
  for (const candidate of candidates) {
    if (EXTENSIONS.includes(path.extname(candidate)) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (EXTENSIONS.includes(path.extname(entry.name)) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) yield full;
  }
}

/** The run-time import graph of lib/ (and of the project files it reaches), by path from the project root. */
function libGraph(): { graph: Graph; unresolved: string[] } {
  const graph: Graph = new Map();
  const unresolved: string[] = [];
  const pending = [...sourceFiles(path.join(root, "lib"))];
  while (pending.length) {
    const file = pending.pop()!;
    const key = path.relative(root, file);
    if (graph.has(key)) continue;
    const edges: string[] = [];
    for (const specifier of runtimeSpecifiers(file, fs.readFileSync(file, "utf8"))) {
      const target = resolve(file, specifier);
      if (target) {
        edges.push(path.relative(root, target));
        pending.push(target);
      } else if ((specifier.startsWith("@/") || specifier.startsWith(".")) && !/\.(json|css)$/.test(specifier)) {
        unresolved.push(`${key} → ${specifier}`);
      }
    }
    graph.set(key, edges);
  }
  return { graph, unresolved };
}

/** Tarjan's strongly connected components with more than one module, or one that imports itself. */
export function cyclesOf(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work.at(-1)!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || edges.includes(frame.node)) cycles.push(component.sort());
    }
  }
  return cycles;
}

/** One path around a component, to show which imports close it: a → b → … → a. */
function loopThrough(graph: Graph, component: string[]): string {
  const members = new Set(component);
  const start = component[0]!;
  // Breadth-first from `start` back to itself, inside the component.
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const loop = [start];
        for (let at = node; at !== start; at = previous.get(at)!) loop.splice(1, 0, at);
        return [...loop, start].join(" → ");
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return component.join(", ");
}

describe("the import graph of lib/", () => {
  it("reads run-time imports and leaves out type-only and dynamic ones", () => {
    const text = [
      `import { a } from "./a";`,
      `import b, { type B } from "@/lib/b";`,
      `import type { C } from "./c";`,
      `import { type D, type E } from "./d";`,
      `import "./side-effect";`,
      `export { f } from "./f";`,
      `export * from "./g";`,
      `export type { H } from "./h";`,
      `// import { i } from "./in-a-comment";`,
      `const later = () => import("./dynamic");`,
      `const s = 'import { j } from "./in-a-string"';`,
    ].join("\n");
    expect(runtimeSpecifiers("x.ts", text)).toEqual(["./a", "@/lib/b", "./side-effect", "./f", "./g"]);
  });

  it("finds cycles, and none in a graph without one", () => {
    const graph: Graph = new Map([
      ["a", ["b"]],
      ["b", ["c", "d"]],
      ["c", ["a"]],
      ["d", ["e"]],
      ["e", []],
      ["s", ["s"]],
    ]);
    expect(cyclesOf(graph)).toEqual([["a", "b", "c"], ["s"]]);
    expect(cyclesOf(new Map([["a", ["b"]], ["b", ["c"]], ["c", []]]))).toEqual([]);
  });

  it("has no cycle", () => {
    const { graph, unresolved } = libGraph();
    expect(graph.size).toBeGreaterThan(100);
    expect(unresolved).toEqual([]);
    const report = cyclesOf(graph).map((component) => `${component.length} modules, around ${loopThrough(graph, component)}; all of them: ${component.join(", ")}`);
    expect(report).toEqual([]);
  });

  it("lets lib/server import the jobs and never the reverse: only handlers, loaded on a job's first run, import server code", () => {
    const { graph } = libGraph();
    const jobs = [...graph.keys()].filter((f) => f.startsWith("lib/jobs/") && !f.endsWith(".handler.ts") && f !== "lib/jobs/audit-job.ts");
    expect(jobs).toEqual(expect.arrayContaining(["lib/jobs/definitions/index.ts", "lib/jobs/queue.ts", "lib/jobs/send-job.ts", "lib/jobs/definitions/send-email.ts"]));
    const reachesServer: string[] = [];
    for (const start of jobs) {
      const reached = new Set<string>();
      const pending = [start];
      while (pending.length) {
        const file = pending.pop()!;
        if (reached.has(file)) continue;
        reached.add(file);
        pending.push(...(graph.get(file) ?? []));
      }
      const server = [...reached].filter((f) => f.startsWith("lib/server/") || f.endsWith(".handler.ts")).sort();
      if (server.length) reachesServer.push(`${start} loads ${server.join(", ")}`);
    }
    expect(reachesServer).toEqual([]);
  });
});

import fs from "node:fs";
import path from "node:path";

/*
 * One source of truth for status: no code outside the lifecycle writers (lib/server/lifecycle/,
 * which take every status from lib/domain's machines) assigns a director's or a client's status.
 * This scans the source for a Drizzle `.set({...})` or `.values({...})` whose object names `status`,
 * `statusOverride` or `statusOriginal` as a key of its own (nested objects, such as an audit entry's
 * old and new values, are not assignments and are skipped). A new record's first status may come
 * from the machine's `initial…Status()`.
 */

const ROOT = path.join(__dirname, "../../..");
const SCANNED = ["app", "components", "lib", "scripts"];
/** The writers, and what is data rather than code: the demo seed and test factories live outside SCANNED. */
const ALLOWED = [path.join("lib", "server", "lifecycle") + path.sep];
const STATUS_KEY = /^(status|statusOverride|statusOriginal)$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name.startsWith(".") ? [] : sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The keys of the top level of the object literal starting at `open` (a "{"), and where it ends. */
function topLevelKeys(src: string, open: number): string[] {
  const keys: string[] = [];
  let depth = 0;
  let expectKey = true;
  for (let i = open; i < src.length; i++) {
    const c = src[i]!;
    if (c === '"' || c === "'" || c === "`") {
      const end = src.indexOf(c, i + 1);
      i = end < 0 ? src.length : end;
      continue;
    }
    if (c === "{" || c === "(" || c === "[") {
      depth++;
      if (depth === 1) expectKey = true;
      continue;
    }
    if (c === "}" || c === ")" || c === "]") {
      depth--;
      if (depth === 0) break;
      continue;
    }
    if (depth !== 1) continue;
    if (c === ",") expectKey = true;
    else if (expectKey && /[A-Za-z_$]/.test(c)) {
      const m = /^[A-Za-z_$][\w$]*/.exec(src.slice(i))![0];
      const after = src.slice(i + m.length).trimStart()[0];
      // A new record's first status, taken from the machine, is not a move: `status: initialClientStatus(...)`.
      const fromMachine = /^\s*:\s*initial\w+Status\(/.test(src.slice(i + m.length));
      if ((after === ":" || after === "," || after === "}") && !fromMachine) keys.push(m);
      expectKey = false;
      i += m.length - 1;
    } else if (!/\s/.test(c)) expectKey = false;
  }
  return keys;
}

export function statusAssignments(src: string): number[] {
  const lines: number[] = [];
  for (const m of src.matchAll(/\.(set|values)\(\s*\{/g)) {
    const open = m.index! + m[0].length - 1;
    if (topLevelKeys(src, open).some((k) => STATUS_KEY.test(k))) lines.push(src.slice(0, m.index).split("\n").length);
  }
  return lines;
}

describe("status writers", () => {
  it("finds an assignment when there is one (the scanner itself)", () => {
    expect(statusAssignments(`await tx.update(directors).set({ status: "Complete", updatedAt: at })`)).toEqual([1]);
    expect(statusAssignments(`db.insert(clients).values({\n  name,\n  status,\n})`)).toEqual([1]);
    expect(statusAssignments(`tx.update(x).set({ note: { status: "a" }, name })`)).toEqual([]);
    expect(statusAssignments(`tx.insert(clients).values({ name, status: initialClientStatus(journey) })`)).toEqual([]);
  });

  it("no file outside lib/server/lifecycle assigns a director's or client's status", () => {
    const offenders: string[] = [];
    for (const dir of SCANNED) {
      for (const file of sourceFiles(path.join(ROOT, dir))) {
        const rel = path.relative(ROOT, file);
        if (ALLOWED.some((a) => rel.startsWith(a))) continue;
        for (const line of statusAssignments(fs.readFileSync(file, "utf8"))) offenders.push(`${rel}:${line}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

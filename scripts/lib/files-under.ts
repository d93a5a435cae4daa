import fs from "node:fs";
import path from "node:path";

/** Every file under `dir` (at any depth) whose name `accept` takes, relative to `dir`. */
export function filesUnder(dir: string, accept: (name: string) => boolean, prefix = ""): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = path.join(prefix, entry.name);
    if (entry.isDirectory()) files.push(...filesUnder(dir, accept, rel));
    else if (accept(entry.name)) files.push(rel);
  }
  return files;
}

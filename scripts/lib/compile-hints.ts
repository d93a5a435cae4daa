import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { filesUnder } from "./files-under";

/*
 * V8's explicit compile hint (Chrome 136 and later): a script that begins with this comment has all
 * its functions compiled as it arrives, on a background thread while the download streams, instead
 * of each on the main thread the first time it is called. The code that runs as a page loads and
 * hydrates is called almost all at once, so every page's first-load chunks carry it; chunks loaded
 * later (a dialog's, the validation library's) are left to V8's lazy compilation, since much of
 * them never runs. Other browsers read a comment. docs/speed.md "Compile hints" has the figures.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

interface ClientReferenceManifest {
  entryJSFiles?: Record<string, string[]>;
  clientModules?: Record<string, { chunks?: unknown[] }>;
}

/** `/_next/static/chunks/a.js` and `static/chunks/a.js` both as `static/chunks/a.js`. */
function chunkPath(file: string): string {
  return file.replace(/^\/?_next\//, "").replace(/^\//, "");
}

/**
 * The chunks a page's HTML may load before it is interactive, relative to `distDir`: Next.js's
 * runtime (the build manifest's `rootMainFiles`), then, from each route's client-reference manifest
 * (a script that sets `globalThis.__RSC_MANIFEST`), its layouts' and page's entry chunks and the
 * chunks of the client components its server render may reference.
 */
export function firstLoadChunks(distDir: string): string[] {
  const buildManifest = JSON.parse(fs.readFileSync(path.join(distDir, "build-manifest.json"), "utf8")) as { rootMainFiles?: string[] };
  const chunks = new Set((buildManifest.rootMainFiles ?? []).map(chunkPath));
  const appDir = path.join(distDir, "server", "app");
  const manifests = fs.existsSync(appDir) ? filesUnder(appDir, (name) => name.endsWith("_client-reference-manifest.js")) : [];
  for (const file of manifests.map((f) => path.join(appDir, f))) {
    const context = vm.createContext({});
    vm.runInContext(fs.readFileSync(file, "utf8"), context, { filename: file, timeout: 1000 });
    const routes = (context as { __RSC_MANIFEST?: Record<string, ClientReferenceManifest> }).__RSC_MANIFEST ?? {};
    for (const manifest of Object.values(routes)) {
      for (const files of Object.values(manifest.entryJSFiles ?? {})) for (const f of files) chunks.add(chunkPath(f));
      for (const mod of Object.values(manifest.clientModules ?? {})) {
        for (const f of mod.chunks ?? []) if (typeof f === "string" && f.endsWith(".js")) chunks.add(chunkPath(f));
      }
    }
  }
  return [...chunks].filter((f) => f.endsWith(".js")).sort();
}

export interface CompileHintResult {
  /** Chunks given the hint now. */
  marked: number;
  /** Chunks that had it already (the step runs again after every build check). */
  already: number;
}

/** Puts the hint at the start of every first-load chunk of the build in `distDir`; idempotent. */
export function addCompileHints(distDir: string): CompileHintResult {
  const result: CompileHintResult = { marked: 0, already: 0 };
  for (const chunk of firstLoadChunks(distDir)) {
    const file = path.join(distDir, chunk);
    if (!fs.existsSync(file)) throw new Error(`${file} is named by the build's manifests but missing: is the build complete?`);
    const text = fs.readFileSync(file, "utf8");
    if (text.startsWith(COMPILE_HINT)) {
      result.already++;
      continue;
    }
    fs.writeFileSync(file, COMPILE_HINT + text);
    result.marked++;
  }
  return result;
}

// Measures the first-load JavaScript of pages (docs/speed.md budgets): fetches each page from a
// running portal, collects its <script src> files and sums their gzip sizes (level 9, each file
// alone, as a server would send it). Scripts marked `nomodule` (Next.js's polyfills for browsers
// without modules, which current browsers never fetch) are counted apart. Also the page's HTML and what of it is inline script (the
// React Server Components payload, which carries the page's translations). `npm run bench -- --pages`
// (scripts/bench/public-pages.ts) runs it beside a bare Next.js page. On its own:
// `npx tsx scripts/first-load-js.ts [baseUrl] [path ...]` (defaults: http://localhost:3000, /login /contact).
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { print, printError } from "./lib/terminal";
import { scriptTags } from "./lib/script-tags";

export interface FirstLoad {
  path: string;
  /** The <script src> files of the HTML a current browser loads, in order. */
  scripts: { url: string; gzipBytes: number }[];
  /** Their gzip sizes added up. */
  gzipBytes: number;
  /** The `nomodule` scripts' (old browsers only). */
  nomoduleGzipBytes: number;
  htmlGzipBytes: number;
  /** Inline <script> text in the HTML (uncompressed), mostly the React Server Components payload. */
  inlineScriptBytes: number;
}

const gzipSize = (body: Buffer | string) => zlib.gzipSync(body, { level: 9 }).length;

/** The first-load JavaScript of one page; `headers` may carry a session cookie. Throws unless the page answers 200. */
export async function measureFirstLoad(base: string, pagePath: string, headers: Record<string, string> = {}): Promise<FirstLoad> {
  const res = await fetch(new URL(pagePath, base), { headers: { accept: "text/html", ...headers }, redirect: "manual" });
  const html = await res.text();
  if (res.status !== 200) throw new Error(`GET ${pagePath} answered ${res.status}`);
  const tags = scriptTags(html, base);
  const unique = [...new Map(tags.map((t) => [t.url, t])).values()];
  const sized = await Promise.all(
    unique.map(async ({ url, nomodule }) => {
      const r = await fetch(url);
      if (!r.ok) throw new Error(`${url} answered ${r.status}`);
      return { url, nomodule, gzipBytes: gzipSize(Buffer.from(await r.arrayBuffer())) };
    }),
  );
  const scripts = sized.filter((s) => !s.nomodule).map(({ url, gzipBytes }) => ({ url, gzipBytes }));
  const inlineScriptBytes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].reduce((sum, m) => sum + Buffer.byteLength(m[1]!), 0);
  const nomoduleGzipBytes = sized.filter((s) => s.nomodule).reduce((a, s) => a + s.gzipBytes, 0);
  return { path: pagePath, scripts, gzipBytes: scripts.reduce((a, s) => a + s.gzipBytes, 0), nomoduleGzipBytes, htmlGzipBytes: gzipSize(html), inlineScriptBytes };
}

export const kB = (bytes: number) => (bytes / 1024).toFixed(1);

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [base = "http://localhost:3000", ...argPaths] = process.argv.slice(2);
  const paths = argPaths.length ? argPaths : ["/login", "/contact"];
  (async () => {
    for (const p of paths) {
      const r = await measureFirstLoad(base, p);
      print(`${p.padEnd(12)} ${r.scripts.length} scripts, ${kB(r.gzipBytes)} kB gzip (+${kB(r.nomoduleGzipBytes)} kB nomodule; HTML ${kB(r.htmlGzipBytes)} kB gzip, ${kB(r.inlineScriptBytes)} kB inline script)`);
    }
  })().catch((err) => {
    printError(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}

// Measures the first-load JavaScript of pages (docs/speed.md budget: sign-in page under ~170 kB gzip):
// fetches each page from a running portal, collects its <script src> files and sums their gzip
// sizes. Usage: `npx tsx scripts/first-load-js.ts [baseUrl] [path ...]`
// (defaults: http://localhost:3000, /login /contact).
import zlib from "node:zlib";
import { print, printError } from "./lib/terminal";

const [base = "http://localhost:3000", ...argPaths] = process.argv.slice(2);
const paths = argPaths.length ? argPaths : ["/login", "/contact"];

async function gzipSize(url: string): Promise<number> {
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  return zlib.gzipSync(body, { level: 9 }).length;
}

async function main() {
  for (const path of paths) {
    const html = await (await fetch(new URL(path, base))).text();
    const scripts = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => new URL(m[1]!, base).toString()))];
    const sizes = await Promise.all(scripts.map(gzipSize));
    const total = sizes.reduce((a, b) => a + b, 0);
    print(`${path.padEnd(12)} ${scripts.length} scripts, ${(total / 1024).toFixed(1)} kB gzip (HTML ${(zlib.gzipSync(html).length / 1024).toFixed(1)} kB gzip)`);
  }
}

main().catch((err) => {
  printError(err instanceof Error ? err.message : err);
  process.exit(1);
});

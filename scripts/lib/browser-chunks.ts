import fs from "node:fs";
import path from "node:path";
import { filesUnder } from "./files-under";

/*
 * What must never reach a browser: the database layer, Node's crypto and anything marked
 * server-only. A browser
 * chunk holding drizzle-orm or node-postgres means a client component imported database code (the
 * way db/schema/enums.ts once carried the status lists into the sign-in page with drizzle behind
 * them), which costs every visitor tens of kilobytes and exposes server code. Chunks are minified
 * and their module ids are numbers, so the markers are strings each library keeps in its code.
 */
export interface ServerMarker {
  /** What the marker stands for, as the report names it. */
  name: string;
  pattern: RegExp;
}

export const SERVER_MARKERS: ServerMarker[] = [
  // drizzle-orm tags every class with Symbol.for("drizzle:entityKind") and names with "drizzle:Name".
  { name: "drizzle-orm", pattern: /drizzle:(?:entityKind|Name|Columns|IsAlias|OriginalName|BaseName|ExtraConfigBuilder)|\bdrizzle-orm\b/ },
  // node-postgres and its wire protocol.
  { name: "pg", pattern: /\bpg-protocol\b|\bpg-connection-string\b|\bpgpass\b|SCRAM-SHA-256-PLUS|Client has already been connected\. You cannot reuse a client\./ },
  // The `server-only` package's guard, bundled where Next.js did not refuse the import.
  { name: "server-only", pattern: /This module cannot be imported from a Client Component module|\bserver-only\b/ },
  // PGlite (the embedded database) and pg-boss (the job queue).
  { name: "pglite", pattern: /@electric-sql\/pglite|\bpglite\.data\b/ },
  { name: "pg-boss", pattern: /\bpg-boss\b|\bpgboss\.job\b/ },
  // A browser stand-in for Node's crypto (crypto-browserify): Turbopack bundles it when
  // a client component reaches `node:crypto`, as lib/crypto/personal-code.ts once was reached.
  { name: "node:crypto polyfill", pattern: /"ecdsa\/rsa"|Unsupported state or unable to authenticate data/ },
];

export interface ChunkFinding {
  /** The chunk's path relative to the scanned folder. */
  file: string;
  marker: string;
  /** A little of the text around the first match, to find the module behind it. */
  excerpt: string;
}

/** The markers found in one chunk's text (each at most once). */
export function serverMarkersIn(text: string, file: string, markers: ServerMarker[] = SERVER_MARKERS): ChunkFinding[] {
  const found: ChunkFinding[] = [];
  for (const marker of markers) {
    const match = marker.pattern.exec(text);
    if (!match) continue;
    const from = Math.max(0, match.index - 80);
    const excerpt = text.slice(from, match.index + match[0].length + 80).replace(/\s+/g, " ");
    found.push({ file, marker: marker.name, excerpt });
  }
  return found;
}

export interface ChunkScan {
  dir: string;
  files: number;
  bytes: number;
  findings: ChunkFinding[];
}

/**
 * Scans a build's browser chunks (`<distDir>/static/chunks`, every file the browser may load).
 * Throws when there is no such folder: a missing build is not a clean one.
 */
export function scanBrowserChunks(distDir: string, markers: ServerMarker[] = SERVER_MARKERS): ChunkScan {
  const dir = path.join(distDir, "static", "chunks");
  if (!fs.existsSync(dir)) throw new Error(`${dir} does not exist: build first (next build, with NEXT_DIST_DIR for another folder)`);
  const files = filesUnder(dir, (name) => /\.m?js$/.test(name));
  if (files.length === 0) throw new Error(`${dir} holds no JavaScript: is the build complete?`);
  let bytes = 0;
  const findings: ChunkFinding[] = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    bytes += Buffer.byteLength(text);
    findings.push(...serverMarkersIn(text, file, markers));
  }
  return { dir, files: files.length, bytes, findings };
}

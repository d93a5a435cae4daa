import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { scanBrowserChunks, serverMarkersIn } from "../../scripts/lib/browser-chunks";

/*
 * The build check of `npm test` (scripts/check-browser-chunks.ts): server code in a browser chunk
 * fails it. The markers are tried on text taken from the libraries themselves, so a new version
 * that renamed them would fail here rather than let the check pass everything.
 */

function buildWith(chunks: Record<string, string>): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "dvp-chunks-"));
  for (const [name, text] of Object.entries(chunks)) {
    const file = path.join(dist, "static", "chunks", name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  return dist;
}

const read = (file: string) => fs.readFileSync(path.join(process.cwd(), "node_modules", file), "utf8");

describe("browser chunk check", () => {
  test("finds drizzle-orm, node-postgres and the server-only guard in the libraries' own code", () => {
    expect(serverMarkersIn(read("drizzle-orm/entity.js"), "a.js").map((f) => f.marker)).toContain("drizzle-orm");
    expect(serverMarkersIn(read("pg/lib/client.js"), "b.js").map((f) => f.marker)).toContain("pg");
    expect(serverMarkersIn(read("server-only/index.js"), "c.js").map((f) => f.marker)).toContain("server-only");
  });

  test("passes a build whose chunks hold only browser code, and names the chunk that holds server code", () => {
    const clean = buildWith({ "a.js": "console.log('hello');", "nested/b.js": "export const x = 1;", "c.css": "drizzle:Name" });
    expect(scanBrowserChunks(clean)).toMatchObject({ files: 2, findings: [] });

    const dirty = buildWith({ "a.js": "console.log('hello');", "nested/b.js": `var e=Symbol.for("drizzle:entityKind");class T{static [e]="PgTable"}` });
    const scan = scanBrowserChunks(dirty);
    expect(scan.findings).toHaveLength(1);
    expect(scan.findings[0]).toMatchObject({ file: path.join("nested", "b.js"), marker: "drizzle-orm" });
    expect(scan.findings[0]!.excerpt).toContain("drizzle:entityKind");
  });

  test("refuses a folder without a build", () => {
    expect(() => scanBrowserChunks(fs.mkdtempSync(path.join(os.tmpdir(), "dvp-chunks-")))).toThrow(/does not exist: build first/);
  });
});

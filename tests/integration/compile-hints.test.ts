import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { addCompileHints, COMPILE_HINT, firstLoadChunks } from "../../scripts/lib/compile-hints";

const run = promisify(execFile);

/*
 * The build step that puts V8's compile hint on the chunks a page's HTML loads
 * (scripts/lib/compile-hints.ts), on a build laid out as Next.js 16 writes one: the runtime in
 * build-manifest.json, each route's chunks in a client-reference manifest that sets a global.
 * tests/e2e/public/compile-hints.spec.ts checks the scripts the real build serves.
 */

const chunk = (name: string) => `(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([0,"${name}",e=>{e.v(1)}]);`;

function buildWith(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "dvp-hints-"));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    fs.writeFileSync(path.join(dist, file), text);
  };
  write("build-manifest.json", JSON.stringify({ polyfillFiles: ["static/chunks/polyfills.js"], rootMainFiles: ["static/chunks/runtime.js", "static/chunks/react-dom.js"] }));
  const manifest = {
    entryJSFiles: { "[project]/app/layout": ["static/chunks/layout.js"], "[project]/app/(public)/login/page": ["static/chunks/layout.js", "static/chunks/login.js"] },
    clientModules: { "[project]/components/auth/login-form.tsx <module evaluation>": { id: 1, name: "*", chunks: ["/_next/static/chunks/form.js", "/_next/static/chunks/app.css"] } },
  };
  write(
    "server/app/(public)/login/page_client-reference-manifest.js",
    `globalThis.__RSC_MANIFEST=(globalThis.__RSC_MANIFEST||{});globalThis.__RSC_MANIFEST["/(public)/login/page"]=${JSON.stringify(manifest)};`,
  );
  for (const name of ["runtime", "react-dom", "layout", "login", "form", "lazy-dialog", "polyfills"]) write(`static/chunks/${name}.js`, chunk(name));
  return dist;
}

const read = (dist: string, name: string) => fs.readFileSync(path.join(dist, "static", "chunks", `${name}.js`), "utf8");

describe("compile hints", () => {
  test("finds the runtime, the routes' entry chunks and their client components' chunks, not the lazy ones", () => {
    expect(firstLoadChunks(buildWith())).toEqual(
      ["form", "layout", "login", "react-dom", "runtime"].map((n) => `static/chunks/${n}.js`),
    );
  });

  test("puts the hint first in each first-load chunk, once, and leaves the rest of the chunk as it was", () => {
    const dist = buildWith();
    expect(addCompileHints(dist)).toEqual({ marked: 5, already: 0 });
    // The comment V8 reads, as the first line on its own.
    for (const name of ["runtime", "react-dom", "layout", "login", "form"]) expect(read(dist, name)).toBe("//# allFunctionsCalledOnLoad\n" + chunk(name));
    expect(read(dist, "lazy-dialog")).toBe(chunk("lazy-dialog"));
    expect(read(dist, "polyfills")).toBe(chunk("polyfills"));
    expect(addCompileHints(dist)).toEqual({ marked: 0, already: 5 });
    expect(read(dist, "login")).toBe(COMPILE_HINT + chunk("login"));
  });

  test("refuses a build whose manifests name a chunk that is not there", () => {
    const dist = buildWith();
    fs.rmSync(path.join(dist, "static", "chunks", "form.js"));
    expect(() => addCompileHints(dist)).toThrow(/form\.js is named by the build's manifests but missing/);
  });

  // `npm run build` runs it after `next build` (package.json, the Docker image's build).
  test("runs as a process on a build folder, and fails on an incomplete one", async () => {
    const dist = buildWith();
    const cli = (dir: string) => run(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/compile-hints.ts", dir], { timeout: 60_000 });
    expect((await cli(dist)).stdout).toMatch(/\[compile hints\] 5 first-load chunks marked, 0 already marked/);
    expect(read(dist, "react-dom").startsWith(COMPILE_HINT)).toBe(true);
    fs.rmSync(path.join(dist, "static", "chunks", "login.js"));
    await expect(cli(dist)).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/login\.js is named by the build's manifests but missing/) });
  }, 90_000);
});

import { expect, test } from "@playwright/test";
import { COMPILE_HINT } from "../../../scripts/lib/compile-hints";
import { scriptTags } from "../../../scripts/lib/script-tags";
import { loadedPages } from "../support/loaded-pages";

/*
 * The scripts each page's HTML loads begin with V8's compile hint (scripts/lib/compile-hints.ts,
 * docs/speed.md "Compile hints"), in the build the end-to-end server runs, built the way `npm start`
 * builds: so that a build step which forgot the hint, or a Next.js that lists its chunks elsewhere,
 * fails here rather than quietly giving the main thread back its compiling.
 */

for (const c of loadedPages) {
  test(`[${c.tag}] the ${c.name}'s scripts carry V8's compile hint`, async ({ request, baseURL }) => {
    const response = await request.get(c.path, { headers: c.as ? { "test-user": c.as } : {} });
    expect(response.status()).toBe(200);
    const sources = scriptTags(await response.text(), baseURL!)
      .filter((s) => !s.nomodule && new URL(s.url).pathname.startsWith("/_next/static/chunks/"))
      .map((s) => s.url);
    expect(sources.length, "the page's own scripts").toBeGreaterThan(3);
    const unmarked: string[] = [];
    for (const src of sources) {
      const text = await (await request.get(src)).text();
      if (!text.startsWith(COMPILE_HINT)) unmarked.push(`${src}: ${text.slice(0, 60)}`);
    }
    expect(unmarked, "first-load scripts without the hint").toEqual([]);
  });
}

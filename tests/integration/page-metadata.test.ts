import fs from "node:fs";
import path from "node:path";

/*
 * Every page names itself in its <title> (issue 19: "Every client page is titled 'Client'"): each
 * app/**\/page.tsx exports `generateMetadata` or `metadata` with a title (or titleMetadata's), and
 * so do the access screens rendered in a refused page's place (forbidden.tsx, unauthorized.tsx,
 * not-found.tsx).
 * A page that only redirects renders nothing to title. This reads the sources; it imports no Next.js.
 */
const APP = path.join(process.cwd(), "app");
const REDIRECT_ONLY = new Set(["(public)/redirect/page.tsx"]);

function pagesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "api" ? [] : pagesUnder(full);
    return entry.name === "page.tsx" ? [path.relative(APP, full)] : [];
  });
}

/** Exports metadata with a title, or generateMetadata from titleMetadata (lib/ui-helpers/page-metadata.ts), which always sets one. */
const titles = (source: string) =>
  (/export (async function generateMetadata|const metadata)\b/.test(source) && /\btitle\s*:/.test(source)) ||
  /export const generateMetadata = titleMetadata\("[\w.-]+"/.test(source);

describe("page titles", () => {
  const pages = pagesUnder(APP);

  it("finds the pages", () => {
    expect(pages.length).toBeGreaterThan(20);
  });

  it.each(pages.filter((p) => !REDIRECT_ONLY.has(p)))("%s has a title of its own", (page) => {
    expect(titles(fs.readFileSync(path.join(APP, page), "utf8"))).toBe(true);
  });

  it.each(["forbidden.tsx", "unauthorized.tsx", "not-found.tsx"])("%s is titled as its screen", (file) => {
    expect(titles(fs.readFileSync(path.join(APP, file), "utf8"))).toBe(true);
  });

  it("names the record on the pages about one (client, individual's evidence pack, the contact's company)", () => {
    const read = (p: string) => fs.readFileSync(path.join(APP, p), "utf8");
    expect(read("(secure)/administration/client-management/[clientId]/page.tsx")).toMatch(/metaTitleNamed/);
    expect(read("(secure)/administration/directors/[directorId]/evidence-pack/page.tsx")).toMatch(/metaTitleNamed/);
    expect(read("(secure)/identity-verification/company-management/page.tsx")).toMatch(/getOwnCompanyName/);
  });
});

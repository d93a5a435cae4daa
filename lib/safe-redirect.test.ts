import fc from "fast-check";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it.each([
    ["/contact", "/contact"],
    ["/administration/client-management?sortBy=name&currentPage=2", "/administration/client-management?sortBy=name&currentPage=2"],
    ["/identity-verification#top", "/identity-verification#top"],
    ["/a/../b", "/b"],
    // An encoded slash stays encoded: a browser does not read %2F as a path separator or a host.
    ["/%2F/evil.example", "/%2F/evil.example"],
  ])("keeps the same-site path %s", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    undefined,
    null,
    "",
    ["/a", "/b"],
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "contact",
    "/\tjavascript:alert(1)",
    "/%0d%0aSet-Cookie:x=1".replace("%0d%0a", "\r\n"),
    `/${"a".repeat(3000)}`,
    // Dot segments that resolve to a protocol-relative URL (the query string `/.%2F/evil.example`
    // arrives decoded as the first of these).
    "/.//evil.example",
    "/a/..//evil.example/x",
    "/././/evil.example",
    "/a/b/../..//evil.example",
    "/%2e//evil.example",
    "/.%2e//evil.example",
    decodeURIComponent("/.%2F/evil.example"),
  ])("sends %p home", (input) => {
    expect(safeRedirectPath(input as string)).toBe("/");
  });

  /** What a browser makes of a Location header value, from two different pages of the site. */
  const landsOnSite = (location: string) =>
    ["https://portal.example/", "https://portal.example/a/b/c?x=1"].every((page) => new URL(location, page).origin === "https://portal.example");

  it("always returns a path that stays on this site (generated paths)", () => {
    const piece = fc.constantFrom("/", "//", ".", "..", "/./", "/../", "\\", "%2F", "%2f", "%2e", "%5C", "evil.example", "a", "@", ":", "?", "#", "http:", " ", "\t", "\n", "%00");
    const path = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(fc.oneof(path, path.map((p) => `/${p}`), fc.string({ maxLength: 40 })), (input) => {
        const out = safeRedirectPath(input);
        expect(out.startsWith("/")).toBe(true);
        expect(out.startsWith("//")).toBe(false);
        expect(out).not.toMatch(/[\u0000-\u001f\u007f\\]/);
        expect(landsOnSite(out)).toBe(true);
        // Stable: checking the answer again gives the same answer.
        expect(safeRedirectPath(out)).toBe(out);
      }),
      { numRuns: 2000 },
    );
  });
});

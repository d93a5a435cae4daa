import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it.each([
    ["/contact", "/contact"],
    ["/administration/client-management?sortBy=name&currentPage=2", "/administration/client-management?sortBy=name&currentPage=2"],
    ["/identity-verification#top", "/identity-verification#top"],
    ["/a/../b", "/b"],
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
  ])("sends %p home", (input) => {
    expect(safeRedirectPath(input as string)).toBe("/");
  });
});

import { escapeHtml } from "./escape";

describe("escapeHtml", () => {
  it("makes the five characters that end an element or a quoted attribute entities, and leaves the rest", () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;");
    expect(escapeHtml("Café – £5")).toBe("Café – £5");
  });
});

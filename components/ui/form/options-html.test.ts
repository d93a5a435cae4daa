/** @jest-environment jsdom */
import { optionsHtml } from "./options-html";

describe("optionsHtml", () => {
  it("writes the empty choice, then each item, the selected one marked", () => {
    expect(optionsHtml({ items: [{ value: "GB", label: "United Kingdom" }, { value: "FR", label: "France" }], empty: "Choose a country" }, "FR")).toBe(
      '<option value="">Choose a country</option><option value="GB">United Kingdom</option><option value="FR" selected>France</option>',
    );
  });

  it("escapes every value and label", () => {
    const html = optionsHtml({ items: [{ value: `"><script>x</script>`, label: `Tom & Jerry's <b>` }] });
    expect(html).toBe('<option value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;">Tom &amp; Jerry&#39;s &lt;b&gt;</option>');
    // What the browser makes of it: one option, its value and text as given.
    document.body.innerHTML = `<select>${html}</select>`;
    const options = document.querySelectorAll("option");
    expect(options).toHaveLength(1);
    expect(options[0]!.value).toBe(`"><script>x</script>`);
    expect(options[0]!.textContent).toBe(`Tom & Jerry's <b>`);
  });

  it("marks nothing without a selection, or when it is not in the list", () => {
    expect(optionsHtml({ items: [{ value: "GB", label: "United Kingdom" }] }, null)).not.toContain("selected");
    expect(optionsHtml({ items: [{ value: "GB", label: "United Kingdom" }] }, "ZZ")).not.toContain("selected");
  });
});

import path from "node:path";
import fc from "fast-check";
import { asList, canonical, FormError, parseForm, splitKey, type FormRecord, type FormValue } from "./form";

// The official SDK's own encoder (not exported by the package, so loaded by file path): whatever
// the SDK sends, the simulator must read back.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { queryStringifyRequestData: stringifyRequestData } = require(path.join(path.dirname(require.resolve("stripe")), "utils.js")) as {
  queryStringifyRequestData: (data: unknown) => string;
};

/** Plain-object view of a parsed tree (null-prototype objects do not compare equal to literals). */
const plain = (v: FormValue): unknown => (typeof v === "string" ? v : Object.fromEntries(Object.entries(v).map(([k, c]) => [k, plain(c)])));

describe("Stripe form bodies (bracket notation)", () => {
  it("reads a Checkout Session body as the SDK encodes it", () => {
    const body = stringifyRequestData({
      mode: "payment",
      success_url: "https://portal.example/requests/identity-verification/{CHECKOUT_SESSION_ID}",
      line_items: [
        { quantity: 3, price_data: { currency: "gbp", unit_amount: 5000, product_data: { name: "Identity verification & checks" } } },
        { quantity: 1, price_data: { currency: "gbp", unit_amount: 3000, product_data: { name: "VAT (20%)" } } },
      ],
      metadata: { clientReference: "AB12CD34", note: "a=b&c" },
    });
    expect(body).toContain("line_items[0][price_data][unit_amount]=5000");
    const parsed = parseForm(body);
    expect(parsed.success_url).toBe("https://portal.example/requests/identity-verification/{CHECKOUT_SESSION_ID}");
    const items = asList(parsed.line_items, "line_items") as FormRecord[];
    expect(items).toHaveLength(2);
    expect(plain(items[0]!)).toEqual({ quantity: "3", price_data: { currency: "gbp", unit_amount: "5000", product_data: { name: "Identity verification & checks" } } });
    expect(plain(parsed.metadata!)).toEqual({ clientReference: "AB12CD34", note: "a=b&c" });
  });

  it("reads back anything the SDK encodes (property)", () => {
    const key = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !/[[\]]/.test(k));
    const leaf = fc.oneof(fc.string({ maxLength: 12 }), fc.integer().map(String));
    const tree = fc.letrec<{ node: FormValue }>((tie) => ({
      node: fc.oneof({ depthSize: "small", withCrossShrink: true }, leaf, fc.dictionary(key, tie("node"), { minKeys: 1, maxKeys: 4 })),
    })).node;
    fc.assert(
      fc.property(fc.dictionary(key, tree, { minKeys: 1, maxKeys: 5 }), (data) => {
        expect(plain(parseForm(stringifyRequestData(data)))).toEqual(plain(data as FormRecord));
      }),
    );
  });

  it("appends with [] and decodes + and percent-encoded brackets", () => {
    const parsed = parseForm("expand[]=line_items&expand[]=payment_intent&name=Ann+Smith&meta%5Bk%5D=v");
    expect(asList(parsed.expand, "expand")).toEqual(["line_items", "payment_intent"]);
    expect(parsed.name).toBe("Ann Smith");
    expect(plain(parsed.meta!)).toEqual({ k: "v" });
  });

  it("orders list items by index, not by arrival", () => {
    const parsed = parseForm("items[10]=c&items[2]=b&items[0]=a");
    expect(asList(parsed.items, "items")).toEqual(["a", "b", "c"]);
  });

  it("keeps prototype-like names as plain keys", () => {
    const parsed = parseForm("__proto__[polluted]=1&constructor=x&metadata[toString]=y");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(plain(parsed.__proto__ as FormValue)).toEqual({ polluted: "1" });
    expect(parsed.constructor).toBe("x");
    expect(plain(parsed.metadata!)).toEqual({ toString: "y" });
  });

  it("refuses malformed bodies", () => {
    expect(() => parseForm("metadata=x&metadata[a]=y")).toThrow(FormError);
    expect(() => parseForm("metadata[a]=y&metadata=x")).toThrow(FormError);
    expect(() => parseForm("a[b=1")).toThrow(FormError);
    expect(() => parseForm("[a]=1")).toThrow(FormError);
    expect(() => parseForm("a=%E0%A4%A")).toThrow(FormError);
    expect(() => parseForm(`a${"[x]".repeat(9)}=1`)).toThrow(FormError);
    expect(() => asList(parseForm("items[a]=1").items, "items")).toThrow(FormError);
    expect(() => asList("x", "items")).toThrow(FormError);
  });

  it("splits keys into segments", () => {
    expect(splitKey("a")).toEqual(["a"]);
    expect(splitKey("a[b][0][]")).toEqual(["a", "b", "0", ""]);
    expect(() => splitKey("a[b]c")).toThrow(FormError);
  });

  it("gives the same canonical text whatever the field order", () => {
    expect(canonical(parseForm("a=1&b[y]=2&b[x]=3"))).toBe(canonical(parseForm("b[x]=3&a=1&b[y]=2")));
    expect(canonical(parseForm("a=1"))).not.toBe(canonical(parseForm("a=2")));
  });
});

import { REFERENCE_ALPHABET, generateReference, isReference, normalizeReference } from "./references";

describe("generateReference", () => {
  it("makes 8-character codes from the unambiguous alphabet", () => {
    for (let i = 0; i < 500; i++) {
      const ref = generateReference();
      expect(ref).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
      expect(isReference(ref)).toBe(true);
    }
  });

  it("never uses look-alike characters", () => {
    expect(REFERENCE_ALPHABET).not.toMatch(/[01OIL]/);
    const many = Array.from({ length: 2000 }, () => generateReference()).join("");
    expect(many).not.toMatch(/[01OIL]/);
  });

  it("puts an optional prefix in front and honours the length", () => {
    expect(generateReference("D")).toMatch(/^D[23456789A-HJKMNP-Z]{8}$/);
    expect(generateReference("", 12)).toHaveLength(12);
    expect(() => generateReference("", 0)).toThrow(RangeError);
  });

  it("is random, not sequential: no repeats and every symbol used", () => {
    const refs = Array.from({ length: 5000 }, () => generateReference());
    expect(new Set(refs).size).toBe(refs.length);
    const seen = new Set(refs.join(""));
    expect(seen.size).toBe(REFERENCE_ALPHABET.length);
    const sorted = [...refs].sort();
    expect(sorted).not.toEqual(refs);
  });

  it("spreads symbols roughly evenly (no modulo bias)", () => {
    const counts = new Map<string, number>();
    const text = Array.from({ length: 4000 }, () => generateReference()).join("");
    for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    const expected = text.length / REFERENCE_ALPHABET.length; // about 1032
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(expected * 0.8);
      expect(n).toBeLessThan(expected * 1.2);
    }
  });
});

describe("normalizeReference / isReference", () => {
  it("accepts what people type", () => {
    expect(normalizeReference(" hwh7-k2qp ")).toBe("HWH7K2QP");
    expect(isReference(normalizeReference("hwh7 k2qp"))).toBe(true);
  });

  it("rejects values that cannot be references", () => {
    expect(isReference("HWH7K2Q0")).toBe(false);
    expect(isReference("HWHIK2QP")).toBe(false);
    expect(isReference("ABC")).toBe(false);
    expect(isReference("")).toBe(false);
    expect(isReference("A".repeat(17))).toBe(false);
  });
});

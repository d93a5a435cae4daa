import {
  currentKeyId,
  decryptPersonalCode,
  encryptPersonalCode,
  keyIdOf,
  maskPersonalCode,
  needsReencryption,
  normalisePersonalCode,
  PersonalCodeKeyError,
} from "./personal-code";

const oldKey = "old-personal-code-key-0123456789abcdef";
const newKey = "new-personal-code-key-fedcba9876543210";

describe("personal code at rest", () => {
  it("accepts lower case and spaces, and stores upper case", () => {
    expect(normalisePersonalCode(" rh4k 7q2x m9t ")).toBe("RH4K7Q2XM9T");
    expect(normalisePersonalCode("RH4K7Q2XM9")).toBeNull();
    expect(normalisePersonalCode("RH4K7Q2XM9T1")).toBeNull();
    expect(normalisePersonalCode("RH4K-7Q2XM9T")).toBeNull();
    expect(normalisePersonalCode("RH4K7Q2XM9É")).toBeNull();
  });

  it("never stores the code in clear and reads it back", () => {
    const keys = { current: newKey, previous: [] };
    const stored = encryptPersonalCode("RH4K7Q2XM9T", 7, keys);
    expect(stored).not.toContain("RH4K7Q2XM9T");
    expect(stored).not.toEqual(encryptPersonalCode("RH4K7Q2XM9T", 7, keys)); // fresh IV each time
    expect(decryptPersonalCode(stored, 7, keys)).toBe("RH4K7Q2XM9T");
  });

  it("does not decrypt a value moved to another director's row, or altered", () => {
    const keys = { current: newKey, previous: [] };
    const stored = encryptPersonalCode("RH4K7Q2XM9T", 7, keys);
    expect(() => decryptPersonalCode(stored, 8, keys)).toThrow(PersonalCodeKeyError);
    // Change the first character of the ciphertext (six whole bits of its first byte) to another one.
    const at = stored.lastIndexOf(".") + 1;
    const flipped = stored.slice(0, at) + (stored[at] === "A" ? "B" : "A") + stored.slice(at + 1);
    expect(flipped).not.toBe(stored);
    expect(() => decryptPersonalCode(flipped, 7, keys)).toThrow(PersonalCodeKeyError);
  });

  it("rotates: old values decrypt with the previous key and are flagged for re-encryption", () => {
    const before = { current: oldKey, previous: [] };
    const during = { current: newKey, previous: [oldKey] };
    const after = { current: newKey, previous: [] };
    const stored = encryptPersonalCode("MD8T3W6KP2R", 3, before);
    expect(keyIdOf(stored)).toBe(currentKeyId(before));
    expect(needsReencryption(stored, during)).toBe(true);
    const plain = decryptPersonalCode(stored, 3, during);
    const rotated = encryptPersonalCode(plain, 3, during);
    expect(needsReencryption(rotated, during)).toBe(false);
    expect(decryptPersonalCode(rotated, 3, after)).toBe("MD8T3W6KP2R");
    expect(() => decryptPersonalCode(stored, 3, after)).toThrow(PersonalCodeKeyError);
  });

  it("reads a code stored before encryption and flags it", () => {
    const keys = { current: newKey, previous: [] };
    expect(decryptPersonalCode("HP5N2V8QK3W", 1, keys)).toBe("HP5N2V8QK3W");
    expect(needsReencryption("HP5N2V8QK3W", keys)).toBe(true);
    expect(() => decryptPersonalCode("garbage", 1, keys)).toThrow(PersonalCodeKeyError);
  });

  it("masks all but the last three characters", () => {
    expect(maskPersonalCode("RH4K7Q2XM9T")).toBe("••••••••M9T");
  });
});

import { seal, unseal } from "./seal";

const secret = "s".repeat(40);

describe("seal", () => {
  it("round-trips and never shows the plaintext", () => {
    const sealed = seal("token-123", secret, "sign-in-link");
    expect(sealed).not.toContain("token-123");
    expect(unseal(sealed, secret, "sign-in-link")).toBe("token-123");
    expect(seal("token-123", secret, "sign-in-link")).not.toBe(sealed);
  });

  it("refuses another key, another purpose, or a changed value", () => {
    const sealed = seal("token-123", secret, "sign-in-link");
    expect(() => unseal(sealed, "t".repeat(40), "sign-in-link")).toThrow();
    expect(() => unseal(sealed, secret, "other")).toThrow();
    const [iv, tag, body] = sealed.split(".");
    const flipped = Buffer.from(body!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    expect(() => unseal([iv, tag, flipped.toString("base64url")].join("."), secret, "sign-in-link")).toThrow();
  });
});

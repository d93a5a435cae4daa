import { displayFileName, evidenceFileKind } from "./evidence-file-type";

const bytes = (...b: number[]) => new Uint8Array(b);

describe("evidenceFileKind", () => {
  it("knows PDF, PNG and JPEG by their first bytes", () => {
    expect(evidenceFileKind(new TextEncoder().encode("%PDF-1.7\n"))).toEqual({ contentType: "application/pdf", extension: "pdf" });
    expect(evidenceFileKind(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toEqual({ contentType: "image/png", extension: "png" });
    expect(evidenceFileKind(bytes(0xff, 0xd8, 0xff, 0xe0))).toEqual({ contentType: "image/jpeg", extension: "jpg" });
  });

  it("refuses an executable, HTML, SVG, an empty file and a truncated signature", () => {
    expect(evidenceFileKind(new TextEncoder().encode("MZ\x90\x00"))).toBeNull();
    expect(evidenceFileKind(bytes(0x7f, 0x45, 0x4c, 0x46))).toBeNull();
    expect(evidenceFileKind(new TextEncoder().encode("<html><script>"))).toBeNull();
    expect(evidenceFileKind(new TextEncoder().encode("<svg xmlns"))).toBeNull();
    expect(evidenceFileKind(bytes())).toBeNull();
    expect(evidenceFileKind(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(evidenceFileKind(new TextEncoder().encode(" %PDF-1.7"))).toBeNull();
  });
});

describe("displayFileName", () => {
  it("keeps the base name only, without control characters or leading dots", () => {
    expect(displayFileName("../../etc/passwd")).toBe("passwd");
    expect(displayFileName("..\\..\\windows\\win.ini")).toBe("win.ini");
    expect(displayFileName("bill\u0000.pdf")).toBe("bill.pdf");
    expect(displayFileName("..hidden.pdf")).toBe("hidden.pdf");
    expect(displayFileName("Proof of address – March.pdf")).toBe("Proof of address – March.pdf");
  });

  it("falls back to 'evidence' when nothing is left", () => {
    expect(displayFileName("")).toBe("evidence");
    expect(displayFileName("../")).toBe("evidence");
    expect(displayFileName(undefined)).toBe("evidence");
    expect(displayFileName("x".repeat(300))).toHaveLength(200);
  });
});

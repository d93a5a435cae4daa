import { contentDisposition, fileDownloadResponse } from "./download-response";
import { DOWNLOAD_CSP } from "./security-headers";

describe("contentDisposition", () => {
  it("gives an ASCII fallback and the UTF-8 name", () => {
    expect(contentDisposition("Passport scan (1).pdf")).toBe(`attachment; filename="Passport scan (1).pdf"; filename*=UTF-8''Passport%20scan%20%281%29.pdf`);
    expect(contentDisposition("Zoë's \"file\";.png")).toBe(`attachment; filename="Zo_'s _file__.png"; filename*=UTF-8''Zo%C3%AB%27s%20%22file%22%3B.png`);
  });

  it("never gives an empty fallback name", () => {
    expect(contentDisposition("")).toBe(`attachment; filename="file"; filename*=UTF-8''`);
  });
});

describe("fileDownloadResponse", () => {
  it("keeps a well-formed content type and refuses anything else", () => {
    const file = { bytes: new Uint8Array([1, 2, 3]), fileName: "a.pdf" };
    expect(fileDownloadResponse({ ...file, contentType: "application/pdf" }).headers.get("content-type")).toBe("application/pdf");
    const odd = fileDownloadResponse({ ...file, contentType: "text/html; charset=utf-8" });
    expect(odd.headers.get("content-type")).toBe("application/octet-stream");
    expect(odd.headers.get("content-length")).toBe("3");
    expect(odd.headers.get("x-content-type-options")).toBe("nosniff");
    expect(odd.headers.get("cache-control")).toBe("no-store");
  });

  it("is always an attachment with the download's sandbox policy (the one proxy.ts keeps for it)", () => {
    const res = fileDownloadResponse({ bytes: new Uint8Array([1]), fileName: "face.jpg", contentType: "image/jpeg" });
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; /);
    expect(res.headers.get("content-security-policy")).toBe(DOWNLOAD_CSP);
    expect(DOWNLOAD_CSP).toBe("default-src 'none'; sandbox");
  });
});

import { DOWNLOAD_CSP } from "@/lib/security-headers";

/** `attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266 / 8187). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\;]/g, "_").slice(0, 150) || "file";
  const utf8 = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

/**
 * An uploaded file as a download: always an attachment, its stored content type only when it has
 * the shape of one (else octet-stream), never sniffed, never cached, and sandboxed should a browser
 * render it anyway.
 */
export function fileDownloadResponse(file: { bytes: Uint8Array; fileName: string; contentType: string }): Response {
  const contentType = /^[\w.+-]+\/[\w.+-]+$/.test(file.contentType) ? file.contentType : "application/octet-stream";
  return new Response(file.bytes as BodyInit, {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": contentDisposition(file.fileName),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
      // Also set by proxy.ts for these routes (lib/security-headers.ts routeOwnHeaders).
      "Content-Security-Policy": DOWNLOAD_CSP,
    },
  });
}

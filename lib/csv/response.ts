import { DOWNLOAD_CSP } from "@/lib/security-headers";

/**
 * An HTTP response for a CSV download: UTF-8, an attachment with the given file name (reduced to
 * safe characters), never cached, never sniffed, sandboxed should a browser render it. The body may
 * be a stream.
 */
export function csvResponse({ filename, stream }: { filename: string; stream: ReadableStream<Uint8Array> | string }): Response {
  const safe = filename.replace(/[^A-Za-z0-9._-]/g, "_") || "export.csv";
  return new Response(stream, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${safe}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      // Also set by proxy.ts for the export routes (lib/security-headers.ts routeOwnHeaders).
      "Content-Security-Policy": DOWNLOAD_CSP,
    },
  });
}

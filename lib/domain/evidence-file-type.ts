/**
 * What kind of file an upload really is, read from its first bytes (the "magic number"), never from
 * its name or the Content-Type the browser sent: a renamed executable is still an executable.
 * Evidence must be a PDF, a JPEG or a PNG.
 */
export interface EvidenceFileKind {
  contentType: "application/pdf" | "image/jpeg" | "image/png";
  /** The extension the stored copy is given, whatever the uploader called it. */
  extension: "pdf" | "jpg" | "png";
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/** The kind of an evidence file from its content, or null when it is none of PDF, JPEG, PNG. */
export function evidenceFileKind(bytes: Uint8Array): EvidenceFileKind | null {
  if (startsWith(bytes, PDF)) return { contentType: "application/pdf", extension: "pdf" };
  if (startsWith(bytes, PNG)) return { contentType: "image/png", extension: "png" };
  if (startsWith(bytes, JPEG)) return { contentType: "image/jpeg", extension: "jpg" };
  return null;
}

/**
 * The name shown for an upload: the uploader's base name only (no folders, so `../../etc/passwd`
 * becomes `passwd`), without control characters, at most 200 characters; "evidence" when nothing
 * is left. It is display text only: the bytes are stored under a server-chosen key.
 */
export function displayFileName(name: string | null | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const clean = base
    .replace(/[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "")
    .replace(/^\.+/, "")
    .trim()
    .slice(0, 200);
  return clean || "evidence";
}

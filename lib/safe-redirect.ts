/**
 * Returns `path` when it is a relative path on this site, otherwise "/". Rejects absolute URLs,
 * protocol-relative (`//host`) and backslash tricks (`/\host`), and control characters.
 */
export function safeRedirectPath(path: string | string[] | undefined | null): string {
  if (typeof path !== "string" || path.length === 0 || path.length > 2048) return "/";
  for (const ch of path) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || ch === "\\") return "/";
  }
  if (!path.startsWith("/") || path.startsWith("//")) return "/";
  try {
    const base = new URL("http://portal.invalid");
    const resolved = new URL(path, base);
    if (resolved.origin !== base.origin) return "/";
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return "/";
  }
}

const BASE = "http://portal.invalid";

/** A path that a browser resolves on this site: one leading slash, never `//` or `/\` (another host). */
function isSamePath(path: string): boolean {
  for (const ch of path) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || ch === "\\") return false;
  }
  return path.startsWith("/") && !path.startsWith("//");
}

/**
 * Returns `path` when it is a relative path on this site, otherwise "/". Rejects absolute URLs,
 * protocol-relative (`//host`) and backslash tricks (`/\host`), and control characters.
 *
 * The input is resolved (dot segments removed) and the *result* is checked again: `/.//evil.example`
 * and `/a/..//evil.example` pass the first check but resolve to `//evil.example`, which a browser
 * reads as another host. What is returned is exactly what was checked.
 */
export function safeRedirectPath(path: string | string[] | undefined | null): string {
  if (typeof path !== "string" || path.length === 0 || path.length > 2048) return "/";
  if (!isSamePath(path)) return "/";
  try {
    const base = new URL(BASE);
    const resolved = new URL(path, base);
    if (resolved.origin !== base.origin) return "/";
    const out = `${resolved.pathname}${resolved.search}${resolved.hash}`;
    if (!isSamePath(out) || new URL(out, base).origin !== base.origin) return "/";
    return out;
  } catch {
    return "/";
  }
}

/**
 * Whether a URL path (as sent, percent-encoded) has a segment that does not decode, such as `%ff`
 * or `%e2%82` (not UTF-8) or `%zz` (not an escape). Next.js decodes dynamic segments before any
 * page or route runs and answers such a path with a bare 500, so the proxy catches it first.
 */
export function hasUndecodableSegment(pathname: string): boolean {
  if (!pathname.includes("%")) return false;
  for (const segment of pathname.split("/")) {
    try {
      decodeURIComponent(segment);
    } catch {
      return true;
    }
  }
  return false;
}

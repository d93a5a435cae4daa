/**
 * The route a request matched, as its pattern: `/api/admin/client/123/delete` with the params
 * `{ id: "123" }` is `/api/admin/client/[id]/delete`. The metrics label requests by it, so that one
 * series stands for a route rather than for each record (or token) it was called with.
 *
 * Next.js hands the params over in the order of the path. They are placed from the last to the
 * first, each on the right-most free segment (before the one placed after it) that holds its value;
 * a catch-all parameter (an array) takes its run of segments. Parameters sit after the fixed part
 * of the path that names their route, so a fixed segment that happens to equal a value further
 * right is not taken for it.
 */
export function routePattern(pathname: string, params: Readonly<Record<string, string | string[] | undefined>> | undefined): string {
  if (!params) return pathname;
  const entries = Object.entries(params);
  if (entries.length === 0) return pathname;
  const segments = pathname.split("/");
  const decoded = segments.map(decode);
  let before = segments.length;
  for (const [name, value] of entries.reverse()) {
    const run = Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
    if (run.length === 0) continue;
    const start = lastRun(decoded, run, before);
    if (start < 1) continue;
    segments.splice(start, run.length, Array.isArray(value) ? `[...${name}]` : `[${name}]`);
    decoded.splice(start, run.length, "\u0000");
    before = start;
  }
  return segments.join("/") || "/";
}

/** Where `run` last occurs in `decoded` ending before index `before`, or -1. */
function lastRun(decoded: string[], run: string[], before: number): number {
  for (let start = before - run.length; start >= 1; start--) {
    if (run.every((v, i) => decoded[start + i] === v)) return start;
  }
  return -1;
}

function decode(segment: string): string {
  if (!segment.includes("%")) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

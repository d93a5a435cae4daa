/**
 * The `<script src>` tags of a page's HTML, in order, each with its address resolved against `base`
 * and whether it is `nomodule` (old browsers' polyfills, which a current browser never fetches).
 */
export function scriptTags(html: string, base: string): { url: string; nomodule: boolean }[] {
  return [...html.matchAll(/<script([^>]+)src="([^"]+)"([^>]*)>/g)].map((m) => ({
    url: new URL(m[2]!.replace(/&amp;/g, "&"), base).toString(),
    nomodule: /\bnomodule\b/i.test(m[1]! + m[3]!),
  }));
}

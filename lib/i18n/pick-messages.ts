import { isMessage, type MessageTree as Tree } from "./message-tree";

/**
 * The part of a message catalogue that a page's client components use: each namespace given as a
 * dotted path ("toasts", "statuses.director") is copied with everything under it; the rest is left
 * out. Pages hand this to `NextIntlClientProvider` (components/i18n/client-messages.tsx) instead of
 * the whole catalogue, which would be serialised into every page's HTML.
 */
export function pickMessages<T extends object>(messages: T, namespaces: readonly string[]): Partial<T> {
  const out: Tree = {};
  // A namespace under another one listed is already copied with it.
  const wanted = namespaces.filter((n) => !namespaces.some((other) => n.startsWith(`${other}.`)));
  for (const namespace of new Set(wanted)) {
    const path = namespace.split(".");
    let from: Tree[string] | undefined = messages as unknown as Tree;
    for (const key of path) from = from && !isMessage(from) ? from[key] : undefined;
    if (from === undefined) throw new Error(`No messages under "${namespace}"`);
    let to = out;
    for (const key of path.slice(0, -1)) to = (to[key] as Tree | undefined) ?? (to[key] = {});
    to[path[path.length - 1]!] = from;
  }
  return out as Partial<T>;
}

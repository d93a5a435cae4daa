import en from "@/messages/en-GB.json";
import cy from "@/messages/cy.json";
import type { Locale } from "./locales";
import { isMessage, type MessageTree as Tree } from "./message-tree";

export type Messages = typeof en;

/** `over` laid on `base`: every key of `base`, with `over`'s message where it has one. */
export function overlay(base: Tree, over: Tree): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(base)) {
    const theirs = over[key];
    if (isMessage(value)) out[key] = isMessage(theirs) ? theirs : value;
    else out[key] = overlay(value, theirs && typeof theirs === "object" && !isMessage(theirs) ? theirs : {});
  }
  return out;
}

/**
 * The messages of each language. The Welsh catalogue is laid over the English one, so a key added
 * in English and not yet translated shows in English rather than as its key (the catalogue test,
 * lib/i18n/catalogue.test.ts, fails until it is translated; `npm run i18n:missing` lists them).
 */
export const catalogues: Record<Locale, Messages> = {
  "en-GB": en,
  cy: overlay(en as Tree, cy as Tree) as unknown as Messages,
};

export function messagesFor(locale: Locale): Messages {
  return catalogues[locale];
}

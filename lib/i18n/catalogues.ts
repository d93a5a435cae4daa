import en from "@/messages/en-GB.json";
import cy from "@/messages/cy.json";
import type { Locale } from "./locales";

export type Messages = typeof en;

/**
 * A catalogue: namespaces of messages. In the Next.js build a message is precompiled
 * (next.config.ts): a string when it has no arguments, an array otherwise; elsewhere (tests,
 * scripts) it is the text.
 */
type Message = string | unknown[];
export type Tree = { [key: string]: Message | Tree };

const isMessage = (value: unknown): value is Message => typeof value === "string" || Array.isArray(value);

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

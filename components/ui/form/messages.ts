"use client";

import { useCallback } from "react";
import { useTranslations } from "next-intl";

type Lookup = { (key: string): string; has(key: string): boolean };

/**
 * Turns a validation message key (from a zod schema or the server's field errors) into text: the
 * first of `translators` (each a `useTranslations("…")` of one namespace, called with a literal so
 * each page knows which messages its client components read) that has it, else the message
 * `fallback` of the translator at `fallbackFrom`, else the key itself when `fallback` is null
 * (a server's message already in words).
 */
export function useMessageLookup(translators: readonly [unknown, unknown?, unknown?], fallback: string | null = "invalidValue", fallbackFrom = 0) {
  // Up to three namespaces, each translator stable per namespace: the callback changes only with them.
  const [first, second, third] = translators;
  return useCallback(
    (key: string | undefined): string | undefined => {
      if (!key) return undefined;
      const list = [first, second, third].filter(Boolean) as Lookup[];
      for (const t of list) if (t.has(key)) return t(key);
      return fallback ? list[fallbackFrom]!(fallback) : key;
    },
    [first, second, third, fallback, fallbackFrom],
  );
}

/**
 * The public forms' messages: `validation.<key>`, else "Enter a valid value" (or, with
 * `keepUnknown`, the key itself: the server's refusal in words).
 */
export function usePublicMessage(keepUnknown = false) {
  return useMessageLookup([useTranslations("validation")], keepUnknown ? null : "invalidValue");
}

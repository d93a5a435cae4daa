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
export function useMessageLookup(translators: readonly unknown[], fallback: string | null = "invalidValue", fallbackFrom = 0) {
  const list = translators as readonly Lookup[];
  return useCallback(
    (key: string | undefined): string | undefined => {
      if (!key) return undefined;
      for (const t of list) if (t.has(key)) return t(key);
      return fallback ? list[fallbackFrom]!(fallback) : key;
    },
    // The translators are stable per namespace (at most three); the list itself is new each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [list[0], list[1], list[2], fallback, fallbackFrom],
  );
}

/**
 * The public forms' messages: `validation.<key>`, else "Enter a valid value" (or, with
 * `keepUnknown`, the key itself: the server's refusal in words).
 */
export function usePublicMessage(keepUnknown = false) {
  return useMessageLookup([useTranslations("validation")], keepUnknown ? null : "invalidValue");
}

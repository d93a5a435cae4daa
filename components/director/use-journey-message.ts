"use client";

import { useCallback } from "react";
import { useTranslations } from "next-intl";

type Lookup = { (k: string): string; has(k: string): boolean };

/**
 * Turns a validation message key (from a zod schema, the address-history rules or the server's
 * field errors) into text: `directorJourney.validation.<key>`, else `validation.<key>`, else
 * `clientDetail.validation.<key>` (the shared field schemas' keys), else a generic message.
 */
export function useJourneyMessage() {
  const own = useTranslations("directorJourney.validation") as unknown as Lookup;
  const shared = useTranslations("validation") as unknown as Lookup;
  const fields = useTranslations("clientDetail.validation") as unknown as Lookup;
  return useCallback(
    (key: string | undefined): string | undefined => {
      if (!key) return undefined;
      for (const t of [own, shared, fields]) if (t.has(key)) return t(key);
      return shared("invalidValue");
    },
    [own, shared, fields],
  );
}

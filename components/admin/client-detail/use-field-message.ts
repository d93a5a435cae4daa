"use client";

import { useCallback } from "react";
import { useTranslations } from "next-intl";

/**
 * Turns a validation message key (from a zod schema or the server's field errors) into text:
 * `clientDetail.validation.<key>`, else `validation.<key>`, else a generic message.
 */
export function useFieldMessage() {
  const own = useTranslations("clientDetail.validation");
  const shared = useTranslations("validation");
  return useCallback(
    (key: string | undefined): string | undefined => {
      if (!key) return undefined;
      const o = own as unknown as { (k: string): string; has(k: string): boolean };
      const s = shared as unknown as { (k: string): string; has(k: string): boolean };
      if (o.has(key)) return o(key);
      if (s.has(key)) return s(key);
      return o("invalidValue");
    },
    [own, shared],
  );
}

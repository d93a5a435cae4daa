"use client";

import { useTranslations } from "next-intl";
import { useMessageLookup } from "./messages";

/**
 * The director's journey's messages: `directorJourney.validation.<key>`, else `validation.<key>`,
 * else `clientDetail.validation.<key>` (the shared field schemas' keys), else a generic message.
 */
export function useJourneyMessage() {
  return useMessageLookup([useTranslations("directorJourney.validation"), useTranslations("validation"), useTranslations("clientDetail.validation")], "invalidValue", 1);
}

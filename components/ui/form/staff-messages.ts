"use client";

import { useTranslations } from "next-intl";
import { useMessageLookup } from "./messages";

/** The staff pages' (and the contact's) messages: `clientDetail.validation.<key>`, else `validation.<key>`, else a generic message. */
export function useStaffMessage() {
  return useMessageLookup([useTranslations("clientDetail.validation"), useTranslations("validation")]);
}

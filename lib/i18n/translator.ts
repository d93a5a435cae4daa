import { createTranslator } from "next-intl";
import messages from "@/messages/en-GB.json";
import { locale, timeZone } from "./request";

export type Messages = typeof messages;

/** Translations outside React (emails, route handlers, jobs), from the same bundled messages. */
export function translator() {
  return createTranslator({ locale, messages, timeZone });
}

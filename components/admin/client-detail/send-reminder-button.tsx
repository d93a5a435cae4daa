"use client";

import { useTranslations } from "next-intl";
import { PostButton } from "./post-button";

/**
 * "Send reminder now": the company's contact (no `directorId`) or one individual. The server picks
 * the kind (an individual who opened the identity check gets the identity-check reminder) and
 * refuses, with its reason, a record never reminded or one reminded today; the page then refreshes
 * to show the new count and date.
 */
export function SendReminderButton({ clientId, directorId }: { clientId: number; directorId?: number }) {
  const t = useTranslations("clientDetail.sendReminder");
  return (
    <PostButton
      url={`/api/admin/director-verification/clients/${clientId}/remind`}
      body={directorId === undefined ? {} : { directorId }}
      succeeded="reminderSent"
      failed="reminderFailed"
    >
      {directorId === undefined ? t("contact") : t("director")}
    </PostButton>
  );
}

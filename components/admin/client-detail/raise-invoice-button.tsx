"use client";

import { useTranslations } from "next-intl";
import { PostButton } from "./post-button";

/**
 * "Raise invoice in Sage": asks the server to try the client's invoice again after the job gave up.
 * The server answers at once and the job runs in the background, so the page refreshes to show the
 * new audit entries; the invoice number follows once Sage has answered. When the server refuses
 * (the invoice exists, an attempt is under way), its message says why.
 */
export function RaiseInvoiceButton({ clientId }: { clientId: number }) {
  const t = useTranslations("clientDetail.raiseInvoice");
  return (
    <PostButton url={`/api/admin/director-verification/clients/${clientId}/invoice`} succeeded="invoiceRetryQueued" failed="invoiceRetryFailed" refreshAfterRefusal>
      {t("open")}
    </PostButton>
  );
}

import { getTranslations } from "next-intl/server";
import { PAYMENT_SECRET_PAGE, titleMetadata } from "@/lib/ui-helpers/page-metadata";
import { CardPage } from "@/components/layout/page-layouts";
import { RefreshWhileProcessing } from "@/components/payments/refresh-while-processing";
import { RetryCardPayment } from "@/components/payments/retry-card-payment";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button-link";
import { getDb } from "@/db";
import { getCardPaymentStatus } from "@/lib/server/payments/get-card-payment-status";
import { loadOrNotFound } from "@/lib/server/load-or-not-found";

// The address carries the payment session id: keep it out of search engines and referrers.
export const generateMetadata = titleMetadata("payments.page", PAYMENT_SECRET_PAGE);

/**
 * Where Stripe sends the payer after Checkout (and where the new-link email points): the session is
 * read from Stripe on the server and shown as paid, still processing (the page refreshes itself),
 * not paid (with a button to pay: a new session, this one expired), or a problem our team has been
 * told about. Anyone holding the session id can open it, so the client's reference (a sign-in
 * factor) is shown only once paid.
 */
export default async function CardPaymentPage({ params }: { params: Promise<{ paymentSessionId: string }> }) {
  const { paymentSessionId } = await params;
  const t = await getTranslations("payments.page");
  const status = await loadOrNotFound(getCardPaymentStatus({ db: await getDb(), sessionId: paymentSessionId }));
  switch (status.state) {
    case "paid":
      return (
        <CardPage title={t("paidTitle")}>
          <Alert variant="success">{t("paidBody", { companyName: status.companyName })}</Alert>
          <p>
            {t("reference")}: <strong data-testid="client-reference">{status.reference}</strong>
            <br />
            <span className="text-sm text-ink-muted">{t("referenceHint")}</span>
          </p>
          <ButtonLink href="/login">{t("signIn")}</ButtonLink>
        </CardPage>
      );
    case "processing":
      return (
        <CardPage title={t("processingTitle")}>
          <RefreshWhileProcessing />
          <Alert variant="info">{t("processingBody", { companyName: status.companyName })}</Alert>
        </CardPage>
      );
    case "not_paid":
      return (
        <CardPage title={t("notPaidTitle")}>
          <Alert variant="warning">{t("notPaidBody", { companyName: status.companyName, amountDue: status.amountDue })}</Alert>
          <RetryCardPayment token={status.payToken} />
        </CardPage>
      );
    case "problem":
      return (
        <CardPage title={t("problemTitle")}>
          <Alert variant="error">{t("problemBody", { companyName: status.companyName })}</Alert>
          <ButtonLink href="/contact" variant="secondary">
            {t("contact")}
          </ButtonLink>
        </CardPage>
      );
  }
}

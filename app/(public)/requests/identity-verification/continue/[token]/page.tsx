import { getTranslations } from "next-intl/server";
import { PAYMENT_SECRET_PAGE, titleMetadata } from "@/lib/ui-helpers/page-metadata";
import { CardPage } from "@/components/layout/page-layouts";
import { RetryCardPayment } from "@/components/payments/retry-card-payment";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button-link";
import { DescriptionList } from "@/components/ui/description-list";
import { getDb } from "@/db";
import { getUnpaidRequest } from "@/lib/server/payments/get-unpaid-request";
import { loadOrNotFound } from "@/lib/server/load-or-not-found";

// The address carries the request's payment token: keep it out of search engines and referrers.
export const generateMetadata = titleMetadata("payments.unpaid", PAYMENT_SECRET_PAGE);

/**
 * A request saved but not paid: where Stripe's cancel button returns to, and where a repeated
 * submission of the same request is sent. Says the request is saved and not paid, what is due, and
 * offers "Pay now" (a new Checkout Session; the earlier page stops working). The token in the
 * address allows paying, nothing more: never the reference or the individuals.
 */
export default async function UnpaidRequestPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const t = await getTranslations("payments.unpaid");
  const request = await loadOrNotFound(getUnpaidRequest({ db: await getDb(), token }));

  if (request.state === "paid") {
    return (
      <CardPage title={t("paidTitle")}>
        <Alert variant="success">{t("paidBody", { companyName: request.companyName })}</Alert>
        <ButtonLink href="/login">{t("signIn")}</ButtonLink>
      </CardPage>
    );
  }
  return (
    <CardPage title={t("title")}>
      <Alert variant="warning" title={t("savedTitle")}>
        {t("savedBody", { companyName: request.companyName })}
      </Alert>
      <DescriptionList items={[{ label: t("amountDue"), value: <span data-testid="amount-due">{request.amountDue}</span> }]} />
      <p className="text-ink-muted">{t("payHint")}</p>
      <RetryCardPayment token={token} />
    </CardPage>
  );
}

import { useTranslations } from "next-intl";
import { StartPayment } from "@/components/payments/start-payment";
import { REQUEST_PAYMENT_URL } from "./urls";

export interface RequestPaymentProps {
  /** What is due, formatted (formatPence). */
  amountDue: string;
}

/**
 * The company page's "Payment due" panel for a request by card not yet paid: the amount and "Pay
 * now", which opens a new Checkout page for the request (any earlier one stops working). A failure
 * is said above the button, which stays usable, and takes the focus so it is announced.
 */
export function RequestPayment({ amountDue }: RequestPaymentProps) {
  const t = useTranslations("secure.company.requestPayment");
  return (
    <section aria-labelledby="request-payment-title" className="flex flex-col gap-3 rounded-md border-2 border-amber-700 p-4">
      <h2 id="request-payment-title" className="text-xl font-bold">
        {t("title")}
      </h2>
      <p>{t("text", { amount: amountDue })}</p>
      <StartPayment endpoint={REQUEST_PAYMENT_URL} label={t("payNow")} startingLabel={t("starting")} failed={t("failed")} className="flex flex-col gap-3" />
    </section>
  );
}

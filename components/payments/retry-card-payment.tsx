import { useTranslations } from "next-intl";
import { StartPayment } from "./start-payment";

export type RetryCardPaymentProps = (
  | {
      reference: string;
      /** The client's payment credential (from the submitted page's address). */
      secret: string;
    }
  | {
      /** The request's payment token (the payment page, the "saved, not paid" page): a new session, the open one expired. */
      token: string;
    }
) & {
  /** The button's text; "Pay now" unless given. */
  label?: string;
};

/**
 * Starts another card payment attempt and goes to Stripe's page (or, if the payment has meanwhile
 * been made, to the payment page). With a payment token the request's reference is never needed. Failures are said next to the button, which stays usable.
 */
export function RetryCardPayment(props: RetryCardPaymentProps) {
  const t = useTranslations("payments.retry");
  const [endpoint, body] =
    "token" in props
      ? ["/api/requests/identity-verification/continue", { token: props.token }]
      : ["/api/requests/identity-verification/payment", { reference: props.reference, secret: props.secret }];
  return <StartPayment endpoint={endpoint} body={body} label={props.label ?? t("payNow")} startingLabel={t("starting")} failed={t("failed")} notFound={t("notFound")} />;
}

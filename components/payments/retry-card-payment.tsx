"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { goTo } from "./navigate";

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

const ERROR_ID = "card-payment-error";

type State = { kind: "idle" } | { kind: "starting" } | { kind: "failed"; message: "failed" | "notFound" };

/**
 * Starts another card payment attempt and goes to Stripe's page (or, if the payment has meanwhile
 * been made, to the payment page). With a payment token the request's reference is never needed. Failures are said next to the button, which stays usable.
 */
export function RetryCardPayment(props: RetryCardPaymentProps) {
  const { label } = props;
  const t = useTranslations("payments.retry");
  const [state, setState] = useState<State>({ kind: "idle" });

  async function start() {
    setState({ kind: "starting" });
    try {
      const [endpoint, body] =
        "token" in props
          ? ["/api/requests/identity-verification/continue", { token: props.token }]
          : ["/api/requests/identity-verification/payment", { reference: props.reference, secret: props.secret }];
      const res = await fetch(endpoint, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      if (res.ok) {
        const { url } = (await res.json()) as { url: string };
        goTo(url);
        return;
      }
      setState({ kind: "failed", message: res.status === 404 ? "notFound" : "failed" });
    } catch {
      setState({ kind: "failed", message: "failed" });
    }
    // Move focus to the message so screen readers announce it.
    requestAnimationFrame(() => document.getElementById(ERROR_ID)?.focus());
  }

  return (
    <div className="flex flex-col gap-4">
      {state.kind === "failed" ? (
        <Alert variant="error" id={ERROR_ID} tabIndex={-1} className="outline-none">
          {t(state.message)}
        </Alert>
      ) : null}
      <Button type="button" onClick={start} loading={state.kind === "starting"} loadingLabel={t("starting")}>
        {label ?? t("payNow")}
      </Button>
    </div>
  );
}

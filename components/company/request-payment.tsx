"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { goTo } from "@/components/payments/navigate";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { REQUEST_PAYMENT_URL } from "./api";

export interface RequestPaymentProps {
  /** What is due, formatted (formatPence). */
  amountDue: string;
}

const ERROR_ID = "request-payment-error";

/**
 * The company page's "Payment due" panel for a request by card not yet paid: the amount and "Pay
 * now", which opens a new Checkout page for the request (any earlier one stops working). A failure
 * is said under the button, which stays usable, and takes the focus so it is announced.
 */
export function RequestPayment({ amountDue }: RequestPaymentProps) {
  const t = useTranslations("secure.company.requestPayment");
  const [state, setState] = useState<"idle" | "starting" | "failed">("idle");

  async function payNow() {
    setState("starting");
    try {
      const res = await fetch(REQUEST_PAYMENT_URL, { method: "POST", credentials: "same-origin" });
      const body = (await res.json().catch(() => ({}))) as { url?: unknown };
      if (res.ok && typeof body.url === "string") return goTo(body.url);
    } catch {
      // said below
    }
    setState("failed");
    requestAnimationFrame(() => document.getElementById(ERROR_ID)?.focus());
  }

  return (
    <section aria-labelledby="request-payment-title" className="flex flex-col gap-3 rounded-md border-2 border-amber-700 p-4">
      <h2 id="request-payment-title" className="text-xl font-bold">
        {t("title")}
      </h2>
      <p>{t("text", { amount: amountDue })}</p>
      {state === "failed" ? (
        <Alert variant="error" id={ERROR_ID} tabIndex={-1} className="outline-none">
          {t("failed")}
        </Alert>
      ) : null}
      <div>
        <Button type="button" onClick={() => void payNow()} loading={state === "starting"} loadingLabel={t("starting")}>
          {t("payNow")}
        </Button>
      </div>
    </section>
  );
}

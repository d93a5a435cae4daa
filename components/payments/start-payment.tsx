"use client";

import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { goTo } from "./navigate";

export interface StartPaymentProps {
  /** The route that opens a card payment and answers `{ url }`: Stripe's page, or the payment page if it is already paid. */
  endpoint: string;
  /** A JSON body to post, if the route takes one. */
  body?: Record<string, string>;
  /** The button's text, and what is announced while the payment is being opened. */
  label: string;
  startingLabel: string;
  /** What a failure says; `notFound` (if given) when the route answers 404. */
  failed: string;
  notFound?: string;
  className?: string;
}

/**
 * The one way a page opens a card payment: it posts to the route and leaves for the page the route
 * names. A failure is said above the button, which stays usable, and takes the focus so it is
 * announced. The texts come translated from the page, so the button needs no messages of its own.
 */
export function StartPayment({ endpoint, body, label, startingLabel, failed, notFound, className }: StartPaymentProps) {
  const errorId = useId();
  const [state, setState] = useState<"idle" | "starting" | "failed" | "notFound">("idle");

  async function start() {
    setState("starting");
    try {
      const res = await fetch(endpoint, {
        method: "POST",
        credentials: "same-origin",
        ...(body ? { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) } : {}),
      });
      const answer = (await res.json().catch(() => ({}))) as { url?: unknown };
      if (res.ok && typeof answer.url === "string") return goTo(answer.url);
      setState(res.status === 404 && notFound ? "notFound" : "failed");
    } catch {
      setState("failed");
    }
    requestAnimationFrame(() => document.getElementById(errorId)?.focus());
  }

  return (
    <div className={className ?? "flex flex-col gap-4"}>
      {state === "failed" || state === "notFound" ? (
        <Alert variant="error" id={errorId} tabIndex={-1} className="outline-none">
          {state === "notFound" ? notFound : failed}
        </Alert>
      ) : null}
      <div>
        <Button type="button" onClick={() => void start()} loading={state === "starting"} loadingLabel={startingLabel}>
          {label}
        </Button>
      </div>
    </div>
  );
}

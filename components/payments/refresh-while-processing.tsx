"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";

/**
 * While a payment is still being confirmed, asks the server again every few seconds (the page is
 * rendered afresh, reading the session from Stripe), up to a limit so an abandoned tab stops.
 */
export function RefreshWhileProcessing({ everyMs = 3000, maxTimes = 40 }: { everyMs?: number; maxTimes?: number }) {
  const router = useRouter();
  useEffect(() => {
    let times = 0;
    const timer = setInterval(() => {
      if (++times > maxTimes) clearInterval(timer);
      else router.refresh();
    }, everyMs);
    return () => clearInterval(timer);
  }, [router, everyMs, maxTimes]);
  return null;
}

import "server-only";
import { getEnv } from "@/lib/env";

/** The configured prices a new request is quoted with, for the request page's price panel. */
export interface RequestPricing {
  /** Standard price of one individual, in pence before VAT. */
  unitPrice: number;
  /** VAT rate in percent; the page shows 0 when the company says it is VAT exempt. */
  vatRatePercent: number;
}

/**
 * Public on purpose: anyone about to request verification sees the price first. The page passes
 * these to priceDirectors() (lib/pricing/pricing.ts), as the server does when the request arrives,
 * so the amount shown is the amount stored and charged.
 */
export function getRequestPricing(): RequestPricing {
  const env = getEnv();
  return { unitPrice: env.DIRECTOR_PRICE_PENCE, vatRatePercent: env.VAT_RATE_PERCENT };
}

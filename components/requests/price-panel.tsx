"use client";

import { useId, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useTranslations } from "next-intl";
import type { OnboardingRequestInput } from "@/lib/schemas/onboarding-request";
import { formatPence, priceDirectors, withoutOverrides } from "@/lib/pricing/pricing";
import { DescriptionList } from "@/components/ui/description-list";

export interface PagePricing {
  /** The configured price per individual, in pence, before VAT. */
  unitPrice: number;
  /** The configured VAT rate in percent. */
  vatRatePercent: number;
}

/**
 * What the request will cost, worked out by the same `priceDirectors()` as the server, Stripe and Sage:
 * price per individual, how many, and the amount due; shown with or without VAT (a toggle), and
 * with VAT even when the company says it is exempt (staff confirm an exemption first; the panel says
 * so). It follows the form as it is filled in.
 */
export function PricePanel({ pricing }: { pricing: PagePricing }) {
  const t = useTranslations("requestForm.price");
  const id = useId();
  const [includeVat, setIncludeVat] = useState(false);
  const { control } = useFormContext<OnboardingRequestInput>();
  const individuals = useWatch({ control, name: "individuals" });
  // A declared exemption is a claim staff confirm: the price shown, like the charge, includes VAT.
  const exemptionClaimed = useWatch({ control, name: "vatExempt" }) === true;
  // Rows left completely blank are not individuals yet.
  const count = (individuals ?? []).filter((row) => (row?.name ?? "").trim() !== "" || (row?.email ?? "").trim() !== "").length;
  // A request's individuals carry no price override: each at the configured price.
  const q = priceDirectors({ unitPrice: pricing.unitPrice, directors: withoutOverrides(count), vatRatePercent: pricing.vatRatePercent, vatExempt: false });
  const one = priceDirectors({ unitPrice: pricing.unitPrice, directors: withoutOverrides(1), vatRatePercent: pricing.vatRatePercent, vatExempt: false });
  const withVat = includeVat;

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-lg border border-line-soft bg-white p-5 shadow-sm sm:p-6" data-testid="price-panel">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {t("title")}
      </h2>
      <label htmlFor={`${id}-vat`} className="flex items-center gap-3">
        <input id={`${id}-vat`} type="checkbox" className="size-5 accent-navy-900" checked={includeVat} onChange={(e) => setIncludeVat(e.target.checked)} />
        <span>{t("includeVat")}</span>
      </label>
      <DescriptionList
        items={[
          { key: "unit", label: withVat ? t("unitPriceIncVat") : t("unitPriceExVat"), value: formatPence(withVat ? one.amountDue : one.fullPrice) },
          { key: "count", label: t("individuals"), value: count },
          // Including VAT, the unit price already carries it; excluding, the VAT is its own line.
          !withVat && { key: "net", label: t("subtotal"), value: formatPence(q.fullPrice) },
          !withVat && { key: "vat", label: t("vat", { rate: q.vatRatePercent }), value: formatPence(q.vat) },
        ]}
      />
      {exemptionClaimed ? (
        <p className="text-sm text-ink-muted" data-testid="vat-exemption-claimed">
          {t("vatExemptionClaimed")}
        </p>
      ) : null}
      <p className="flex flex-wrap items-baseline justify-between gap-2 border-t border-line-soft pt-3 text-lg" aria-live="polite" aria-atomic="true">
        <span className="font-semibold">{t("amountDue")}</span>
        <span className="font-bold" data-testid="amount-due">
          {formatPence(q.amountDue)}
        </span>
      </p>
    </section>
  );
}

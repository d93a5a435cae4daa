import { useFormatter, useTranslations } from "next-intl";
import type { PriorVerificationOffer } from "@/lib/server/companies-house/person-prior-offer";
import { PriorVerificationForm } from "./prior-verification-form";

/**
 * On the individual's own page, before the identity check, when they have already verified here for
 * another company (lib/server/companies-house/person-prior-offer.ts): "You have already verified
 * your identity with us for X on 3 March 2026. Confirm it is you and enter your Companies House
 * personal code." The identity check below stays available to anyone it is not.
 */
export function PriorVerificationSection({ offer }: { offer: PriorVerificationOffer }) {
  const t = useTranslations("directorJourney.priorVerification");
  const format = useFormatter();
  return (
    <section id="prior-verification" aria-labelledby="prior-verification-title" className="mt-8 space-y-4 rounded-md border-2 border-navy-700 p-4" data-testid="prior-verification">
      <h2 id="prior-verification-title" className="text-xl font-semibold">
        {t("title")}
      </h2>
      <p>{t("intro", { company: offer.companyName, date: format.dateTime(new Date(offer.verifiedAt), { dateStyle: "long" }) })}</p>
      <p>{t("noSecondCheck")}</p>
      <PriorVerificationForm companyName={offer.companyName} />
      <p className="text-sm text-ink-muted">{t("notYou")}</p>
    </section>
  );
}

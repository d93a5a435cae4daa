import { getTranslations } from "next-intl/server";
import { countryOptions } from "@/lib/countries";
import { formatDate } from "@/lib/dates/format-date";
import type { OwnDirector } from "@/lib/server/directors/get-own-director";

function countryName(code: string | null): string {
  return countryOptions().find((c) => c.value === code)?.label ?? code ?? "";
}

function addressText(a: { addressLine1: string | null; addressLine2: string | null; addressLine3: string | null; city: string | null; state: string | null; postcode: string | null; country: string | null }) {
  return [a.addressLine1, a.addressLine2, a.addressLine3, a.city, a.state, a.postcode, countryName(a.country)].filter(Boolean).join(", ");
}

/** The details as they were checked: read-only, once they can no longer change. */
export async function DetailsSummary({ director }: { director: OwnDirector }) {
  const t = await getTranslations("directorJourney.details");
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
      <dt className="font-semibold">{t("summaryName")}</dt>
      <dd>{director.name}</dd>
      <dt className="font-semibold">{t("summaryFormerNames")}</dt>
      <dd>
        {director.formerNameHistory.length
          ? director.formerNameHistory.map((n) => (n.to ? `${n.name} (${t("summaryFormerNamePeriod", { to: formatDate(n.to) })})` : n.name)).join("; ")
          : t("none")}
      </dd>
      <dt className="font-semibold">{t("summaryAddress")}</dt>
      <dd>
        {addressText(director) || t("none")}
        {director.currentAddressStartDate ? <span className="block text-sm">{t("summarySince", { date: formatDate(director.currentAddressStartDate) })}</span> : null}
      </dd>
      <dt className="font-semibold">{t("summaryPrevious")}</dt>
      <dd>
        {director.previousAddresses.length ? (
          <ul className="space-y-1">
            {director.previousAddresses.map((a) => (
              <li key={a.id}>
                {addressText(a)} <span className="text-sm">({t("summaryPeriod", { from: formatDate(a.startDate), to: formatDate(a.endDate) })})</span>
              </li>
            ))}
          </ul>
        ) : (
          t("none")
        )}
      </dd>
    </dl>
  );
}
